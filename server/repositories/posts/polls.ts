/** A post's poll: creating it, voting once, and reading the polls of a page of posts. */
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pollVotes, postPolls } from '../../db/schema/index.ts';
import type { PollRow } from './types.ts';

/** The poll methods of the posts repository. */
export function createPostPolls(db: Database) {
  return {
    async createPoll(postId: string, options: string[], endsAt: Date): Promise<void> {
      await db.insert(postPolls).values({ postId, options, endsAt });
    },

    /** One vote per user and poll: false when they had already voted. */
    async vote(postId: string, userId: string, option: number, now: Date): Promise<boolean> {
      const added = await db
        .insert(pollVotes)
        .values({ postId, userId, option, createdAt: now })
        .onConflictDoNothing()
        .returning({ postId: pollVotes.postId });
      return added.length > 0;
    },

    /** The polls of a page of posts, with counts and the viewer's votes, in three reads. */
    async pollsOf(postIds: string[], viewerId?: string): Promise<Map<string, PollRow>> {
      const found = new Map<string, PollRow>();
      if (postIds.length === 0) return found;
      const polls = await db.select().from(postPolls).where(inArray(postPolls.postId, postIds));
      if (polls.length === 0) return found;
      const ids = polls.map((poll) => poll.postId);
      const [tallies, mine] = await Promise.all([
        db
          .select({ postId: pollVotes.postId, option: pollVotes.option, votes: count() })
          .from(pollVotes)
          .where(inArray(pollVotes.postId, ids))
          .groupBy(pollVotes.postId, pollVotes.option),
        viewerId
          ? db
              .select({ postId: pollVotes.postId, option: pollVotes.option })
              .from(pollVotes)
              .where(and(inArray(pollVotes.postId, ids), eq(pollVotes.userId, viewerId)))
          : Promise.resolve([]),
      ]);
      for (const poll of polls) {
        const counts = poll.options.map(
          (_, index) => tallies.find((row) => row.postId === poll.postId && row.option === index)?.votes ?? 0,
        );
        const myVote = mine.find((row) => row.postId === poll.postId)?.option ?? null;
        found.set(poll.postId, { options: poll.options, endsAt: poll.endsAt, counts, myVote });
      }
      return found;
    },
  };
}
