import { CalendarClock, FilePen, FileText, Image, Pencil, PlaySquare, SquarePlus, Video } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import type { PostView } from '#common/schemas/posts.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { SignInPrompt } from '../../../components/sign-in-prompt.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatLocalDate, instantToLocal, localToInstant, ownTimeZone } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { EditPostDialog, timeProblems, useDeletePost } from '../../posts/index.ts';
import { type QueueStatus, useMoveQueued, useQueue } from '../api/queue.ts';

const when = (iso: string) => formatLocalDate(iso, 'weekdayTime');

function KindIcon({ post }: { post: PostView }) {
  const Icon = post.textOnly
    ? FileText
    : post.youtubeId
      ? PlaySquare
      : post.media?.kind === 'video'
        ? Video
        : Image;
  return (
    <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
      <Icon aria-hidden="true" className="size-5" />
    </span>
  );
}

/** A new time for a queued post, in the creator's own time zone. */
function TimeForm({
  post,
  busy,
  onSave,
  onClose,
}: {
  post: PostView;
  busy: boolean;
  onSave: (publishAt: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [value, setValue] = useState(post.publishAt ? instantToLocal(post.publishAt) : '');
  const [problem, setProblem] = useState<string | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    const found = timeProblems({ when: 'scheduled', publishAt: value, expiresAt: '' }, Date.now()).publishAt;
    setProblem(found ?? null);
    const instant = localToInstant(value);
    if (!found && instant) onSave(instant.toISOString());
  }
  return (
    <form noValidate onSubmit={submit} className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        Goes out on{' '}
        <span className="font-normal text-muted-foreground">(your time zone: {ownTimeZone()})</span>
      </label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={id}
          type="datetime-local"
          value={value}
          autoFocus
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onClose();
          }}
          className="w-auto"
        />
        <Button type="submit" disabled={busy}>
          Save time
        </Button>
        <Button type="button" variant="ghost" onClick={onClose}>
          Keep as it was
        </Button>
      </div>
      {problem ? (
        <p id={`${id}-problem`} className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

function QueuedPost({ post }: { post: PostView }) {
  const [editing, setEditing] = useState(false);
  const [editingText, setEditingText] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const move = useMoveQueued();
  const remove = useDeletePost();
  const busy = move.isPending || remove.isPending;
  const scheduled = post.status === 'scheduled';

  function run(action: Parameters<typeof move.mutate>[0]['move'], done: string) {
    move.mutate(
      { postId: post.id, move: action },
      {
        onSuccess: () => {
          setEditing(false);
          toast.success(done);
        },
        onError: (error) =>
          toast.error(
            error instanceof ApiError
              ? (Object.values(error.fields ?? {})[0] ?? error.message)
              : 'Something went wrong',
          ),
      },
    );
  }

  return (
    <li className="grid gap-3 rounded-2xl border border-border p-4">
      <div className="flex min-w-0 items-start gap-3">
        <KindIcon post={post} />
        <div className="min-w-0 flex-1">
          <p className="line-clamp-2 break-words font-medium">{post.description}</p>
          <p className="text-sm text-muted-foreground">
            {scheduled && post.publishAt ? (
              <>
                Goes out <time dateTime={post.publishAt}>{when(post.publishAt)}</time>
              </>
            ) : (
              <>
                Draft saved <time dateTime={post.createdAt}>{when(post.createdAt)}</time>
              </>
            )}
            {post.expiresAt ? (
              <>
                {' · '}hidden after <time dateTime={post.expiresAt}>{when(post.expiresAt)}</time>
              </>
            ) : null}
            {post.visibility !== 'public' ? ' · locked' : null}
          </p>
        </div>
      </div>
      {editing ? (
        <TimeForm
          post={post}
          busy={busy}
          onClose={() => setEditing(false)}
          onSave={(publishAt) =>
            run({ publish: 'scheduled', publishAt }, scheduled ? 'New time saved' : 'Post scheduled')
          }
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" disabled={busy} onClick={() => setEditing(true)}>
            <CalendarClock aria-hidden="true" />
            {scheduled ? 'Change time' : 'Schedule'}
          </Button>
          <Button
            ref={editButton}
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => setEditingText(true)}
          >
            <Pencil aria-hidden="true" />
            Edit post
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => run({ publish: 'now' }, 'Posted')}
          >
            Post now
          </Button>
          {scheduled ? (
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              onClick={() => run({ publish: 'draft' }, 'Schedule canceled: the post is in your drafts')}
            >
              Cancel schedule
            </Button>
          ) : (
            <Button
              size="sm"
              variant="ghost"
              className="text-destructive"
              disabled={busy}
              onClick={() =>
                remove.mutate(post.id, {
                  onSuccess: () => toast.success('Draft deleted'),
                  onError: (error) => toast.error(error.message),
                })
              }
            >
              Delete draft
            </Button>
          )}
        </div>
      )}
      {editingText ? (
        <EditPostDialog
          post={post}
          onClose={() => setEditingText(false)}
          returnFocusTo={editButton.current}
        />
      ) : null}
    </li>
  );
}

function QueueList({ status }: { status: QueueStatus }) {
  const queue = useQueue(status);
  if (queue.isPending)
    return (
      <div role="status" aria-busy="true" aria-label="Loading your queue" className="grid gap-3">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-24 rounded-2xl" />
        ))}
      </div>
    );
  if (queue.isError) return <LoadError message={queue.error.message} onRetry={() => void queue.refetch()} />;
  if (queue.data.items.length === 0)
    return (
      <EmptyState
        icon={status === 'scheduled' ? CalendarClock : FilePen}
        title={status === 'scheduled' ? 'Nothing scheduled' : 'No drafts'}
        description={
          status === 'scheduled'
            ? 'Choose Schedule when you post, and the post goes out by itself at that time.'
            : 'Choose Save as draft when you post to finish it later.'
        }
      >
        <Button asChild>
          <Link to={pathTo('postContent')}>
            <SquarePlus aria-hidden="true" />
            Post new content
          </Link>
        </Button>
      </EmptyState>
    );
  return (
    <ul className="grid gap-3" aria-label={status === 'scheduled' ? 'Scheduled posts' : 'Drafts'}>
      {queue.data.items.map((post) => (
        <QueuedPost key={post.id} post={post} />
      ))}
    </ul>
  );
}

/** /post-queue: a creator's scheduled posts (soonest first) and drafts, to move, post or cancel. */
export function PostQueuePage() {
  const session = useSession();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <div>
        <h1 className="font-heading text-2xl font-bold tracking-tight md:text-3xl">Your queue</h1>
        <p className="mt-1.5 text-muted-foreground">
          Posts waiting for their time, and drafts only you can see. Times are in your time zone (
          {ownTimeZone()}).
        </p>
      </div>
      {session ? (
        <Tabs defaultValue="scheduled">
          <TabsList aria-label="Your queue">
            <TabsTrigger value="scheduled">Scheduled</TabsTrigger>
            <TabsTrigger value="draft">Drafts</TabsTrigger>
          </TabsList>
          <TabsContent value="scheduled" className="mt-4">
            <QueueList status="scheduled" />
          </TabsContent>
          <TabsContent value="draft" className="mt-4">
            <QueueList status="draft" />
          </TabsContent>
        </Tabs>
      ) : (
        <SignInPrompt reason="Sign in to see your scheduled posts and drafts." />
      )}
    </div>
  );
}
