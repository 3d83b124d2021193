import { Check } from 'lucide-react';
import type { PostView } from '#common/schemas/posts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { cn } from '../../../lib/utils.ts';
import { useVotePoll } from '../api/vote-poll.ts';

// Written as the post's own date is ('12 Mar 2026, 14:05'): by hand, so a feed with a poll makes
// no Intl formatter as it first paints (web/lib/format/numbers.ts says why).
const endText = (iso: string, ended: boolean) => `${ended ? 'Ended' : 'Ends'} ${formatDateTime(iso)}`;

/** A post's poll: one button per option until the reader votes (or it ends), then the results. */
export function PostPoll({ post }: { post: PostView }) {
  const session = useSession();
  const vote = useVotePoll();
  const { poll } = post;
  if (!poll) return null;
  const results = poll.totalVotes !== null;
  return (
    <section aria-label="Poll" className="grid gap-2 px-4 pt-3">
      {results ? (
        <ul className="grid gap-1.5" aria-label="Poll results">
          {poll.options.map((option, index) => {
            const share = poll.totalVotes ? Math.round(((option.votes ?? 0) / poll.totalVotes) * 100) : 0;
            return (
              <li
                key={option.text}
                className="relative overflow-hidden rounded-lg border border-border px-3 py-2 text-sm"
              >
                <span
                  aria-hidden="true"
                  className="absolute inset-y-0 left-0 bg-primary/15"
                  style={{ width: `${share}%` }}
                />
                <span className="relative flex items-center justify-between gap-2">
                  <span className={cn('flex items-center gap-1.5', poll.myVote === index && 'font-semibold')}>
                    {poll.myVote === index ? <Check aria-label="Your vote" className="size-4" /> : null}
                    {option.text}
                  </span>
                  <span className="tabular-nums text-muted-foreground">
                    {share}% ({option.votes ?? 0})
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      ) : (
        <fieldset className="grid gap-1.5">
          <legend className="sr-only">Poll options</legend>
          {poll.options.map((option, index) => (
            <Button
              key={option.text}
              variant="outline"
              className="justify-start"
              disabled={!poll.canVote || vote.isPending}
              onClick={() => vote.mutate({ postId: post.id, option: index })}
            >
              {option.text}
            </Button>
          ))}
        </fieldset>
      )}
      <p className="text-xs text-muted-foreground">
        {results ? `${poll.totalVotes} ${poll.totalVotes === 1 ? 'vote' : 'votes'} · ` : null}
        {endText(poll.endsAt, poll.ended)}
        {!results && session === null ? ' · Sign in to vote' : null}
      </p>
      {vote.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {vote.error.message}
        </p>
      ) : null}
    </section>
  );
}
