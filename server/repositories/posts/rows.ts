/**
 * How a post is read with its creator and media: as columns (`rows`) or, for a page, as one JSON
 * value with the viewer's state, later media and poll (`feedRows`, `postJson`), decoded by
 * feedRowFromJson.
 */
import { eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { plainArgs, recordFromJson } from '../../db/prepared.ts';
import {
  creatorProfiles,
  creatorSubscriptions,
  follows,
  media,
  pollVotes,
  postBookmarks,
  postItems,
  postLikes,
  postPolls,
  postPurchases,
  posts,
} from '../../db/schema/index.ts';
import type { CreatorRecord } from '../creators/creators.repository.ts';
import type { PageViewer, PostRow, ViewerState } from './types.ts';

/** Shapes a repository method's value into its bound or plain form (see server/db/prepared.ts). */
export type Value = <T>(name: string, value: T) => T | Placeholder<string, T>;

/**
 * What the viewer's page needs to know of each post, read in the same statement as the page:
 * computed only for the rows the page returns (a select list under the page's LIMIT).
 */
const viewerState = (value: Value, viewerId: string, now: Date) => {
  const viewer = value('viewer', viewerId);
  return {
    liked: sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.userId} = ${viewer} and ${postLikes.postId} = ${posts.id})`,
    purchased: sql<boolean>`exists (select 1 from ${postPurchases} where ${postPurchases.fanId} = ${viewer} and ${postPurchases.postId} = ${posts.id})`,
    // past_due: a renewal is being retried; the period already paid for still counts.
    subscribed: sql<boolean>`exists (select 1 from ${creatorSubscriptions} where ${creatorSubscriptions.fanId} = ${viewer} and ${creatorSubscriptions.creatorId} = ${posts.creatorId} and ${creatorSubscriptions.status} in ('active', 'past_due', 'canceled') and ${creatorSubscriptions.currentPeriodEnd} > ${value('now', now.toISOString())}::timestamptz)`,
    following: sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${viewer} and ${follows.creatorId} = ${posts.creatorId})`,
    bookmarked: sql<boolean>`exists (select 1 from ${postBookmarks} where ${postBookmarks.userId} = ${viewer} and ${postBookmarks.postId} = ${posts.id})`,
  };
};

/** A post's poll as the page statement reads it (below). */
interface PollJson {
  options: string[];
  endsAt: string;
  counts: number[];
  myVote: number | null;
}

/**
 * A post's later media (as JSON rows, in order) and its poll with the votes per option and the
 * viewer's own vote, read in the page's statement instead of one statement each per page.
 */
const nested = (value: Value, viewerId: string | undefined) => ({
  extrasJson: sql<
    Record<string, unknown>[]
  >`(select coalesce(json_agg(row_to_json(m) order by i.position), '[]'::json)
    from ${postItems} i join ${media} m on m.id = i.media_id where i.post_id = ${posts.id})`,
  pollJson: sql<PollJson | null>`(
    select json_build_object(
      'options', pp.options,
      'endsAt', pp.ends_at,
      'counts', (
        select coalesce(json_agg(coalesce(t.votes, 0) order by o.i), '[]'::json)
        from generate_subscripts(pp.options, 1) o(i)
        left join (
          select v.option, count(*)::int as votes from ${pollVotes} v where v.post_id = pp.post_id group by v.option
        ) t on t.option = o.i - 1
      ),
      'myVote', ${
        viewerId
          ? sql`(select v.option from ${pollVotes} v where v.post_id = pp.post_id and v.user_id = ${value('viewer', viewerId)})`
          : sql`null::int`
      }
    )
    from ${postPolls} pp where pp.post_id = ${posts.id})`,
});

/**
 * One post of a page as a single JSON value: the post, its media, (for a feed) its creator, the
 * viewer's state of it, its later media and its poll. Decoding one JSON value per row costs a
 * fraction of mapping some sixty columns per row (docs/decisions/0027).
 */
export const postJson = (value: Value, viewer: PageViewer | undefined, withCreator: boolean) => {
  const state = viewer ? viewerState(value, viewer.id, viewer.now) : null;
  const nest = nested(value, viewer?.id);
  return sql`json_build_object(
      'post', row_to_json(${posts}), 'media', row_to_json(${media}),
      ${withCreator ? sql`'creator', row_to_json(${creatorProfiles}),` : sql``}
      'viewer', ${
        state
          ? sql`json_build_object('liked', ${state.liked}, 'purchased', ${state.purchased}, 'subscribed', ${state.subscribed}, 'following', ${state.following}, 'bookmarked', ${state.bookmarked})`
          : sql`null`
      },
      'extrasJson', ${nest.extrasJson}, 'pollJson', ${nest.pollJson})`;
};

/**
 * A select-list expression kept as one nested fragment: in a statement of one table drizzle writes
 * the top-level columns of a select-list expression without their table, which a subquery over
 * other tables would read as its own.
 */
export const nestedSql = <T>(inner: SQL) => sql<T>`${inner}`;

export interface ProfilePostJson {
  post: Record<string, unknown>;
  media: Record<string, unknown> | null;
  viewer: ViewerState | null;
  extrasJson: Record<string, unknown>[];
  pollJson: PollJson | null;
}
/** A feed's post as `postJson` reads it, with its creator. */
export interface FeedPostJson extends ProfilePostJson {
  creator: Record<string, unknown>;
}

/**
 * A post read as JSON, decoded as drizzle would have read its columns, with its later media and
 * poll ready for the presenters (server/services/posts/post-views.ts).
 */
export function feedRowOf(json: ProfilePostJson, creator: CreatorRecord): PostRow {
  const { pollJson: poll } = json;
  return {
    post: recordFromJson(posts, json.post),
    creator,
    media: json.media ? recordFromJson(media, json.media) : null,
    ...(json.viewer ? { viewer: json.viewer } : {}),
    extras: (json.extrasJson ?? []).map((item) => recordFromJson(media, item)),
    poll: poll
      ? { options: poll.options, endsAt: new Date(poll.endsAt), counts: poll.counts, myVote: poll.myVote }
      : null,
  };
}
export const feedRowFromJson = (json: FeedPostJson) =>
  feedRowOf(json, recordFromJson(creatorProfiles, json.creator));

/** The select builders the parts of the posts repository read posts with. */
export function postRows(db: Database) {
  /** Posts with their creator and media; with a viewer, also what that viewer's page needs. */
  const rows = (viewer?: PageViewer) =>
    db
      .select({
        post: posts,
        creator: creatorProfiles,
        media,
        ...(viewer ? { viewer: viewerState(plainArgs.value, viewer.id, viewer.now) } : {}),
      })
      .from(posts)
      .innerJoin(creatorProfiles, eq(creatorProfiles.id, posts.creatorId))
      .leftJoin(media, eq(media.id, posts.mediaId));

  /**
   * A feed page's rows: as `rows`, with each post's later media and poll in the same statement,
   * each row one JSON value (`postJson`; decoded by feedRowFromJson).
   */
  const feedRows = (value: Value, viewer?: PageViewer) =>
    db
      .select({ json: nestedSql<FeedPostJson>(postJson(value, viewer, true)) })
      .from(posts)
      .innerJoin(creatorProfiles, eq(creatorProfiles.id, posts.creatorId))
      .leftJoin(media, eq(media.id, posts.mediaId));

  return { rows, feedRows };
}
