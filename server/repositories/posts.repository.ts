/**
 * The posts repository: its parts are in posts/, one file per concern (the feed, Discover and
 * profile page statements, the schedule, polls, likes, and the plain reads and writes with pins).
 */
import type { Database } from '../db/client.ts';
import { createPostLikes } from './posts/likes.ts';
import { createPostPages } from './posts/pages.ts';
import { createPostPolls } from './posts/polls.ts';
import { createPostSchedule } from './posts/schedule.ts';
import { createPostWrites } from './posts/writes.ts';

export {
  type ProfileOptions,
  type ProfilePage,
  type ProfilePageOptions,
  shownInViewerRegion,
} from './posts/pages.ts';
export { type FeedPostJson, feedRowFromJson, type ProfilePostJson } from './posts/rows.ts';
export type {
  NewPost,
  PageViewer,
  PollRow,
  PostChanges,
  PostRecord,
  PostRow,
  PublishedPost,
  RankKey,
  ViewerState,
} from './posts/types.ts';

export function createPostsRepository(db: Database) {
  return {
    ...createPostWrites(db),
    ...createPostSchedule(db),
    ...createPostPolls(db),
    ...createPostLikes(db),
    ...createPostPages(db),
  };
}

export type PostsRepository = ReturnType<typeof createPostsRepository>;
