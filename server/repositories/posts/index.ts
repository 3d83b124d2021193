/**
 * The posts repository: its parts are in posts/, one file per concern (the feed, Discover and
 * profile page statements, the schedule, polls, likes, and the plain reads and writes with pins).
 */
import type { Database } from '../../db/client.ts';
import { createPostLikes } from './likes.ts';
import { createPostPages } from './pages.ts';
import { createPostPolls } from './polls.ts';
import { createPostSchedule } from './schedule.ts';
import { createPostWrites } from './writes.ts';

export {
  type ProfileOptions,
  type ProfilePage,
  type ProfilePageOptions,
  shownInViewerRegion,
} from './pages.ts';
export { type FeedPostJson, feedRowFromJson, type ProfilePostJson } from './rows.ts';
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
} from './types.ts';

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
