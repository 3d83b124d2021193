import { Flag, Heart, Reply, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { CommentView } from '#common/schemas/engagement.ts';
import { Avatar, AvatarFallback, AvatarImage } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { showActionError } from '../../../lib/action-error.ts';
import { relativeTimeLabel } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { cn } from '../../../lib/utils.ts';
import { useDeleteComment, useLikeComment } from '../api/comments.ts';

const ReportDialog = lazy(() => import('../../safety/index.ts').then((m) => ({ default: m.ReportDialog })));

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();

/** One comment or reply: who wrote it (name and handle only), when, its text, and what the viewer may do. */
export function CommentItem({
  comment,
  postId,
  signedIn,
  viewerId,
  onReply,
}: {
  comment: CommentView;
  postId: string;
  signedIn: boolean;
  viewerId: string | null;
  onReply?: () => void;
}) {
  const like = useLikeComment(postId);
  const remove = useDeleteComment(postId);
  const [reporting, setReporting] = useState(false);
  const { author } = comment;
  const time = relativeTimeLabel(comment.createdAt);

  return (
    <div className="flex gap-3" data-testid="comment">
      <Avatar className="size-8 shrink-0">
        {author.avatarUrl ? <AvatarImage src={author.avatarUrl} alt="" /> : null}
        <AvatarFallback className="text-xs">{initials(author.name)}</AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold">{author.name}</span>
          {author.handle ? <span className="text-muted-foreground">@{author.handle}</span> : null}
          {comment.byCreator ? (
            <span className="rounded-full bg-primary/10 px-2 text-xs font-medium text-primary">Creator</span>
          ) : null}
          <time className="text-xs text-muted-foreground" dateTime={comment.createdAt}>
            {time}
          </time>
        </p>
        <p className="mt-0.5 text-sm break-words whitespace-pre-line">{comment.text}</p>
        <div className="-ml-2 mt-1 flex flex-wrap items-center gap-1">
          <Button
            variant="ghost"
            size="sm"
            className="h-8 gap-1 rounded-full px-2 text-xs"
            aria-pressed={comment.liked}
            aria-label={`Like comment by ${author.name}, ${comment.likes} ${comment.likes === 1 ? 'like' : 'likes'}`}
            aria-disabled={like.isPending || undefined}
            onClick={() => {
              if (like.isPending) return;
              if (!signedIn) return toast.error('Please sign in to like comments');
              like.mutate(
                { commentId: comment.id, like: !comment.liked },
                { onError: (error) => showActionError(error, 'Could not like this comment') },
              );
            }}
          >
            <Heart
              aria-hidden="true"
              className={cn('size-4', comment.liked && 'fill-rose-500 text-rose-500')}
            />
            <span aria-hidden="true">{comment.likes}</span>
          </Button>
          {onReply && comment.canReply ? (
            <Button
              variant="ghost"
              size="sm"
              className="h-8 gap-1 rounded-full px-2 text-xs"
              onClick={onReply}
            >
              <Reply aria-hidden="true" className="size-4" />
              Reply
            </Button>
          ) : null}
          {comment.canDelete ? (
            <Button
              variant="ghost"
              size="sm"
              className="h-8 gap-1 rounded-full px-2 text-xs"
              aria-label={`Delete comment by ${author.name}`}
              aria-disabled={remove.isPending || undefined}
              onClick={() => {
                if (remove.isPending) return;
                remove.mutate(comment.id, {
                  onSuccess: () => toast.success('Comment deleted'),
                  onError: (error) => showActionError(error, 'Could not delete this comment'),
                });
              }}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Delete
            </Button>
          ) : null}
          {signedIn && viewerId !== author.id ? (
            <Button
              variant="ghost"
              size="sm"
              className="h-8 gap-1 rounded-full px-2 text-xs"
              aria-label={`Report comment by ${author.name}`}
              onClick={() => setReporting(true)}
            >
              <Flag aria-hidden="true" className="size-4" />
              Report
            </Button>
          ) : null}
        </div>
      </div>
      {reporting ? (
        <Suspense fallback={null}>
          <ReportDialog target={{ type: 'comment', id: comment.id }} open onOpenChange={setReporting} />
        </Suspense>
      ) : null}
    </div>
  );
}
