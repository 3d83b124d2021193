import { type PublishMode, postMessages } from '#common/schemas/posts.ts';
import { localToInstant } from '../../lib/format.ts';

/** When a post goes out and ends: `datetime-local` values in the creator's own time zone. */
export interface PostTimes {
  when: PublishMode;
  publishAt: string;
  /** Empty: the post stays up. */
  expiresAt: string;
}

/**
 * The same time rules as the server: a schedule in the future, an end after the post goes out.
 * Making a post (features/post-content), editing it and the queue (features/post-queue) share them.
 */
export function timeProblems(times: PostTimes, now: number): { publishAt?: string; expiresAt?: string } {
  const problems: { publishAt?: string; expiresAt?: string } = {};
  const publishAt = times.when === 'scheduled' ? localToInstant(times.publishAt) : null;
  if (times.when === 'scheduled' && !publishAt) problems.publishAt = postMessages.publishAtRequired;
  else if (publishAt && publishAt.getTime() <= now) problems.publishAt = postMessages.publishAtInPast;
  const expiresAt = localToInstant(times.expiresAt);
  if (expiresAt && expiresAt.getTime() <= now) problems.expiresAt = postMessages.expiresInPast;
  else if (expiresAt && publishAt && expiresAt <= publishAt)
    problems.expiresAt = postMessages.expiresBeforePublish;
  return problems;
}
