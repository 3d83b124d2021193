/** The records and row shapes of posts that the parts of the posts repository share and return. */
import type { posts } from '../../db/schema/index.ts';
import type { CreatorRecord } from '../creators/creators.repository.ts';
import type { MediaRecord } from '../media/media.repository.ts';

export type PostRecord = typeof posts.$inferSelect;
export type NewPost = typeof posts.$inferInsert;
export type PostChanges = Partial<
  Pick<
    PostRecord,
    | 'description'
    | 'visibility'
    | 'priceCents'
    | 'status'
    | 'publishAt'
    | 'expiresAt'
    | 'createdAt'
    | 'rankScore'
  >
>;
/** A post the scheduler just published, with whom to tell. */
export interface PublishedPost {
  id: string;
  creatorId: string;
  creatorUserId: string;
  handle: string;
  displayName: string;
}
/** What a signed-in viewer's page knows of a post, read with the page (see `viewerState`). */
export interface ViewerState {
  liked: boolean;
  purchased: boolean;
  subscribed: boolean;
  following: boolean;
  bookmarked: boolean;
}
/** A post's poll with its vote counts per option and the viewer's own vote. */
export interface PollRow {
  options: string[];
  endsAt: Date;
  counts: number[];
  myVote: number | null;
}
export interface PostRow {
  post: PostRecord;
  creator: CreatorRecord;
  media: MediaRecord | null;
  /** The second and later photos and videos, in order (read with the page by the post views). */
  extras?: MediaRecord[];
  /** Its poll, read with the page by the post views. */
  poll?: PollRow | null;
  /** Present when the page was read for a signed-in viewer. */
  viewer?: ViewerState;
}
/** The viewer a page is read for, and the time subscriptions are judged at. */
export interface PageViewer {
  id: string;
  now: Date;
}
export interface RankKey {
  score: number;
  id: string;
}
