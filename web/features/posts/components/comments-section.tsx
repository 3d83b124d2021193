import { useQueryClient } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { type CommentWithReplies, commentLimits, commentMessages } from '#common/schemas/engagement.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { showActionError } from '../../../lib/action-error.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { openAuthModal } from '../../../lib/auth-modal.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import {
  type CommentPages,
  commentKeys,
  getReplies,
  setCommentCount,
  useComments,
  useCreateComment,
  useSetCommentsEnabled,
} from '../api/comments.ts';
import { useLiveCommentCount } from '../api/live-comment-counts.ts';
import { CommentItem } from './comment-item.tsx';

/** The box to write a comment or a reply: 1 to 1,000 characters, the server's message on refusal. */
function CommentForm({
  postId,
  parentId,
  label,
  onDone,
  autoFocus = false,
}: {
  postId: string;
  parentId?: string;
  label: string;
  onDone?: () => void;
  autoFocus?: boolean;
}) {
  const create = useCreateComment(postId);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending) return;
    const trimmed = text.trim();
    if (trimmed === '') return setProblem(commentMessages.blank);
    if (trimmed.length > commentLimits.maxLength) return setProblem(commentMessages.tooLong);
    setProblem(null);
    create.mutate(
      { text: trimmed, ...(parentId ? { parentId } : {}) },
      {
        onSuccess: () => {
          setText('');
          onDone?.();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400) setProblem(error.message);
          else showActionError(error, 'Could not post your comment');
        },
      },
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-2" noValidate>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Textarea
        id={id}
        value={text}
        // Focus follows the reader's own click on Reply, so the box they asked for is where they type.
        autoFocus={autoFocus}
        onChange={(event) => setText(event.target.value)}
        placeholder={label}
        maxLength={commentLimits.maxLength + 100}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-help ${id}-keys`}
        className="min-h-16"
        // Enter posts and Shift+Enter adds a line, as in chat; not while an input method composes.
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
          submit(event);
        }}
      />
      <p id={`${id}-keys`} className="sr-only">
        Enter to post, Shift+Enter for a new line
      </p>
      <div className="flex items-center justify-between gap-2">
        <p
          id={`${id}-help`}
          className={problem ? 'text-sm text-destructive' : 'text-xs text-muted-foreground'}
        >
          {problem ?? `${text.trim().length} / ${commentLimits.maxLength}`}
        </p>
        <div className="flex gap-2">
          {onDone && parentId ? (
            <Button type="button" variant="ghost" size="sm" onClick={onDone}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" size="sm" aria-disabled={create.isPending || undefined}>
            {create.isPending ? 'Posting…' : parentId ? 'Reply' : 'Comment'}
          </Button>
        </div>
      </div>
    </form>
  );
}

function Thread({
  comment,
  postId,
  signedIn,
  viewerId,
}: {
  comment: CommentWithReplies;
  postId: string;
  signedIn: boolean;
  viewerId: string | null;
}) {
  const [replying, setReplying] = useState(false);
  const [more, setMore] = useState<CommentWithReplies['replies'] | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const replies = more ?? comment.replies;
  const hidden = comment.replyCount - replies.length;

  async function showAll() {
    setLoadingMore(true);
    try {
      setMore((await getReplies(comment.id, null)).items);
    } catch (error) {
      showActionError(error, 'Replies could not be loaded');
    } finally {
      setLoadingMore(false);
    }
  }

  return (
    <li className="flex flex-col gap-3">
      <CommentItem
        comment={comment}
        postId={postId}
        signedIn={signedIn}
        viewerId={viewerId}
        onReply={() => (signedIn ? setReplying(true) : openAuthModal('signin'))}
      />
      {replies.length > 0 || hidden > 0 || replying ? (
        <ul className="ml-11 flex flex-col gap-3 border-l border-border pl-3" aria-label="Replies">
          {replies.map((reply) => (
            <li key={reply.id}>
              <CommentItem comment={reply} postId={postId} signedIn={signedIn} viewerId={viewerId} />
            </li>
          ))}
          {hidden > 0 ? (
            <li>
              <Button
                variant="link"
                size="sm"
                className="h-auto p-0"
                onClick={showAll}
                aria-disabled={loadingMore}
              >
                {loadingMore
                  ? 'Loading replies…'
                  : `Show ${hidden} more ${hidden === 1 ? 'reply' : 'replies'}`}
              </Button>
            </li>
          ) : null}
          {replying ? (
            <li>
              <CommentForm
                postId={postId}
                parentId={comment.id}
                label={`Reply to ${comment.author.name}`}
                autoFocus
                onDone={() => {
                  setReplying(false);
                  setMore(null);
                }}
              />
            </li>
          ) : null}
        </ul>
      ) : null}
    </li>
  );
}

/** Comments under a post (its page, or opened from its card): the list, the box, and the creator's switch. */
export function CommentsSection({ postId, headingLevel = 2 }: { postId: string; headingLevel?: 2 | 3 }) {
  const session = useSession();
  const query = useComments(postId);
  const queryClient = useQueryClient();
  const toggle = useSetCommentsEnabled(postId);
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const list = useRef<HTMLUListElement>(null);

  // A comment written or deleted by anyone: the count at once, and the list read again.
  useLiveCommentCount(postId, (count) => {
    const shown = queryClient.getQueryData<CommentPages>(commentKeys.post(postId))?.pages[0]?.count;
    if (count === shown) return;
    setCommentCount(queryClient, postId, count);
    void queryClient.invalidateQueries({ queryKey: commentKeys.post(postId) });
  });

  const first = query.data?.pages[0];
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const signedIn = session !== null;
  // The count read with the list (on opening, and on each refresh) is the card's count too.
  const listedCount = first?.count;
  useEffect(() => {
    if (listedCount !== undefined) setCommentCount(queryClient, postId, listedCount);
  }, [listedCount, postId, queryClient]);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4" data-testid="comments">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading id={headingId} className="text-base font-semibold">
          Comments{first ? ` (${formatNumber(first.count)})` : ''}
        </Heading>
        {first?.canModerate ? (
          <Button
            variant="outline"
            size="sm"
            aria-disabled={toggle.isPending || undefined}
            onClick={() => {
              if (!toggle.isPending)
                toggle.mutate(!first.enabled, {
                  onError: (error) => showActionError(error, 'Could not change the comment setting'),
                });
            }}
          >
            {first.enabled ? 'Turn comments off' : 'Turn comments on'}
          </Button>
        ) : null}
      </div>

      {first ? (
        first.canComment ? (
          <CommentForm postId={postId} label="Write a comment" />
        ) : !signedIn ? (
          <p className="text-sm text-muted-foreground">
            <Button variant="link" className="h-auto p-0" onClick={() => openAuthModal('signin')}>
              Sign in
            </Button>{' '}
            to join the conversation.
          </p>
        ) : !first.enabled ? (
          <p className="text-sm text-muted-foreground">{commentMessages.turnedOff}.</p>
        ) : null
      ) : null}

      {query.isPending ? (
        <div role="status" className="flex flex-col gap-4">
          <span className="sr-only">Loading comments…</span>
          {[0, 1, 2].map((key) => (
            <div key={key} className="flex gap-3">
              <Skeleton className="size-8 rounded-full" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-4 w-3/4" />
              </div>
            </div>
          ))}
        </div>
      ) : query.isError ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-2 rounded-xl border border-border p-4 text-sm"
        >
          <p>Comments could not be loaded. {query.error.message}</p>
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <EmptyState
          icon={MessageCircle}
          headingLevel={2}
          title="No comments yet"
          description={
            first?.canComment ? 'Be the first to say something.' : 'Nothing has been said here yet.'
          }
          className="py-8"
        />
      ) : (
        <ul ref={list} className="flex flex-col gap-5" aria-label="Comments">
          {items.map((comment) => (
            <Thread
              key={comment.id}
              comment={comment}
              postId={postId}
              signedIn={signedIn}
              viewerId={session?.user.id ?? null}
            />
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <Button
          variant="outline"
          aria-disabled={query.isFetchingNextPage || undefined}
          onClick={() => {
            if (!query.isFetchingNextPage) void query.fetchNextPage();
          }}
        >
          {query.isFetchingNextPage ? 'Loading…' : 'Show older comments'}
        </Button>
      ) : null}
    </section>
  );
}
