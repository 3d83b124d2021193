import { and, count, desc, eq, exists, inArray, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { limits } from '../../common/limits.ts';
import type { Database } from '../db/client.ts';
import {
  literalLimit,
  plainArgs,
  preparedStatements,
  recordFromJson,
  type StatementArgs,
  statementLimit,
} from '../db/prepared.ts';
import {
  creatorHandleRedirects,
  creatorProfiles,
  creatorSubscriptions,
  follows,
  massMessageItems,
  media,
  messageItems,
  pollVotes,
  postBookmarks,
  postItems,
  postLikes,
  postPolls,
  postPurchases,
  posts,
  userBlocks,
} from '../db/schema/index.ts';
import { RANK_SECONDS_PER_LIKE_DECADE } from '../lib/rank.ts';
import { viewerCountry } from '../lib/viewer-region.ts';
import type { CreatorRecord } from './creators.repository.ts';
import type { MediaRecord } from './media.repository.ts';

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
  creatorUserId: string;
  handle: string;
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

/** In an UPDATE, columns read their old values: the rank is recomputed from the new count. */
const rankWithLikes = (likes: ReturnType<typeof sql>) =>
  sql`extract(epoch from ${posts.createdAt}) / ${RANK_SECONDS_PER_LIKE_DECADE} + log(1 + ${likes})`;

const blockedBetween = (db: Database, viewerId: string | Placeholder) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(userBlocks)
      .where(
        or(
          and(eq(userBlocks.blockerId, viewerId), eq(userBlocks.blockedId, creatorProfiles.userId)),
          and(eq(userBlocks.blockedId, viewerId), eq(userBlocks.blockerId, creatorProfiles.userId)),
        ),
      ),
  );

/** Leaves out creators who blocked the requesting country (see server/lib/viewer-region.ts); not for their own posts. */
export function shownInViewerRegion(viewerId?: string, args: StatementArgs = plainArgs) {
  const country = viewerCountry();
  if (!country) return undefined;
  const own = viewerId ? sql` or ${creatorProfiles.userId} = ${args.value('viewer', viewerId)}` : sql``;
  return sql`(not (${args.value('country', country)}::text = any(${creatorProfiles.blockedCountries}))${own})`;
}

/**
 * literalLimit for drizzle's `.limit()`, whose type takes a number or a placeholder: drizzle writes
 * an SQL fragment given there as it is (its pg-core dialect), which is what a literal needs.
 */
const builderLimit = (limit: number) => literalLimit(limit) as unknown as number;

/** Shapes a repository method's value into its bound or plain form (see server/db/prepared.ts). */
type Value = <T>(name: string, value: T) => T | Placeholder<string, T>;

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
const postJson = (value: Value, viewer: PageViewer | undefined, withCreator: boolean) => {
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

/** The options of a creator's profile page (the Posts or Media tab). */
export interface ProfilePageOptions {
  creatorId: string;
  kind?: 'image' | 'video';
  limit: number;
  beforeId?: string;
  includeUnready: boolean;
  /** The pinned post, shown on top of the first page instead. */
  excludeId?: string;
  viewer?: PageViewer;
}

/**
 * A select-list expression kept as one nested fragment: in a statement of one table drizzle writes
 * the top-level columns of a select-list expression without their table, which a subquery over
 * other tables would read as its own.
 */
const nestedSql = <T>(inner: SQL) => sql<T>`${inner}`;

/** A creator's profile page read as a visitor: by current or old handle, or by id. */
export type ProfileOptions = ({ handle: string } | { id: string }) & {
  kind?: 'image' | 'video';
  limit: number;
  beforeId?: string;
  /** Read the pinned post too (the Posts tab's first page); the Posts tab's pages leave it out. */
  pinned: boolean;
  viewer?: PageViewer;
};
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
function feedRowOf(json: ProfilePostJson, creator: CreatorRecord): PostRow {
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
/** What a visitor's profile page reads: the creator, a block either way, the pinned post, a page. */
export interface ProfilePage {
  creator: CreatorRecord;
  blocked: boolean;
  pinned: PostRow | null;
  rows: PostRow[];
}

export function createPostsRepository(db: Database) {
  const prepared = preparedStatements();

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

  /**
   * The ids of one page of posts by the creators a viewer follows, newest first (Home) or in
   * Discover's rank order, in one statement that reads little whatever the depth of the page:
   * 1. each followed creator's head, their first post after the cursor: one index probe each;
   * 2. the `limit` creators with the highest heads: a post of any other creator has at least
   *    `limit` heads, so `limit` posts, above it, and cannot be on the page;
   * 3. up to `limit` posts of each of those creators, merged, the first `limit` kept.
   * So a page reads one index entry per followed creator and at most limit x limit posts, never a
   * range that grows with the number of posts. Creators not approved, or on either side of a block
   * with the viewer, are left out before any post is read.
   * With `listId`, the creators are those of one of the viewer's lists instead of those they follow
   * (a list's feed, server/services/engagement/lists.service.ts): the same statement otherwise.
   */
  function followedPage(
    value: Value,
    options: {
      viewerId: string;
      listId?: string;
      limit: number;
      order: 'rank' | 'newest';
      after?: RankKey;
      beforeId?: string;
    },
  ): SQL {
    const viewerId = value('viewer', options.viewerId);
    const limit = literalLimit(options.limit);
    const rank = options.order === 'rank';
    const after = rank
      ? options.after
        ? sql`and (p.rank_score, p.id) < (${value('followedScore', options.after.score)}::float8, ${value('followedId', options.after.id)}::uuid)`
        : sql``
      : options.beforeId
        ? sql`and p.id < ${value('beforeId', options.beforeId)}::uuid`
        : sql``;
    const order = rank ? sql`rank_score desc, id desc` : sql`id desc`;
    const postOrder = rank ? sql`p.rank_score desc, p.id desc` : sql`p.id desc`;
    // A creator who blocked the requesting country is left out (server/lib/viewer-region.ts).
    const country = viewerCountry();
    const inRegion = country
      ? sql`and not (${value('country', country)}::text = any(c.blocked_countries))`
      : sql``;
    const source = options.listId
      ? {
          from: sql`creator_list_members f`,
          where: sql`f.list_id = ${value('listId', options.listId)}::uuid`,
        }
      : { from: sql`follows f`, where: sql`f.follower_id = ${viewerId}::uuid` };
    return sql`with heads as (
        select f.creator_id, head.rank_score, head.id
        from ${source.from}
        -- One primary-key probe per followed creator ("offset 0" keeps it a nested loop): never
        -- a pass over all creators, whatever their number.
        cross join lateral (
          select c.user_id from creator_profiles c
          where c.id = f.creator_id and c.status = 'approved' ${inRegion} offset 0
        ) c
        cross join lateral (
          select p.rank_score, p.id from posts p
          where p.creator_id = f.creator_id and p.showable ${after}
          order by ${postOrder} limit 1
        ) head
        where ${source.where}
          and not exists (
            select 1 from user_blocks b
            where (b.blocker_id = ${viewerId}::uuid and b.blocked_id = c.user_id)
               or (b.blocked_id = ${viewerId}::uuid and b.blocker_id = c.user_id)
          )
      ),
      chosen as (select creator_id from heads order by ${order} limit ${limit}::int)
      select page.id from (
        select latest.id, latest.rank_score from chosen
        cross join lateral (
          select p.id, p.rank_score from posts p
          where p.creator_id = chosen.creator_id and p.showable ${after}
          order by ${postOrder} limit ${limit}::int
        ) latest
        order by ${order} limit ${limit}::int
      ) page`;
  }

  /** One keyset page of Discover's order, (rank_score, id) descending, of creators not followed. */
  function othersPage(value: Value, options: { limit: number; after?: RankKey; viewerId?: string }) {
    const viewerId = options.viewerId ? value('viewer', options.viewerId) : undefined;
    return db
      .select({ id: posts.id })
      .from(posts)
      .innerJoin(creatorProfiles, eq(creatorProfiles.id, posts.creatorId))
      .where(
        and(
          // Constants in the text, not bound: the generic plan then uses the partial indexes on
          // showable posts (server/db/prepared.ts, literalLimit).
          sql`${posts.showable}`,
          sql`${creatorProfiles.status} = 'approved'`,
          options.after
            ? sql`(${posts.rankScore}, ${posts.id}) < (${value('othersScore', options.after.score)}::float8, ${value('othersId', options.after.id)}::uuid)`
            : undefined,
          viewerId ? sql`not ${blockedBetween(db, viewerId)}` : undefined,
          shownInViewerRegion(options.viewerId, { value }),
          // "not in" rather than "not exists": PostgreSQL reads the viewer's follows once into a
          // hash and probes it per post, where the anti join compared each post with every follow
          // (0.36 to 0.10 ms of a page for a fan who follows 200 creators). Neither column is null.
          viewerId
            ? sql`${posts.creatorId} not in (select ${follows.creatorId} from ${follows} where ${follows.followerId} = ${viewerId})`
            : undefined,
        ),
      )
      .orderBy(desc(posts.rankScore), desc(posts.id))
      .limit(builderLimit(options.limit));
  }

  /** A page of ids (in any order) read whole, with the viewer's state of each post. */
  const pageRows = (value: Value, ids: SQL, viewer: PageViewer | undefined) =>
    feedRows(value, viewer).where(inArray(posts.id, ids));

  /**
   * A creator's profile page in one statement, as a visitor who is not the creator reads it: the
   * creator (by handle, an old handle, or id), whether a block stands between them and the viewer,
   * the pinned post (first page of the Posts tab) and one page of showable posts, newest first,
   * each post as `feedRows` reads it. The page leaves out the pinned post on the Posts tab.
   */
  function profileStatement(value: Value, options: ProfileOptions) {
    const { viewer } = options;
    const pagePost = postJson(value, viewer, false);
    const kind = options.kind ? sql`and ${media.kind} = ${value('kind', options.kind)}` : sql``;
    const unpinned = options.kind ? sql`` : sql`and ${posts.pinnedAt} is null`;
    // The cursor as a subquery's value: the planner sees it no better in a custom plan than in the
    // cached generic one, so PostgreSQL keeps the generic plan for deep pages instead of planning
    // each one again (0.4 ms of a 1.2 ms page; docs/decisions/0027).
    const before = options.beforeId
      ? sql`and ${posts.id} < (select ${value('beforeId', options.beforeId)}::uuid)`
      : sql``;
    const who =
      'id' in options
        ? sql`${creatorProfiles.id} = ${value('creatorId', options.id)}::uuid`
        : sql`${creatorProfiles.id} = coalesce(
            (select c.id from ${creatorProfiles} c where lower(c.handle) = ${value('handle', options.handle)}::text),
            (select r.creator_id from ${creatorHandleRedirects} r where r.handle = ${value('handle', options.handle)}::text))`;
    const viewerId = viewer ? value('viewer', viewer.id) : null;
    return db
      .select({
        creator: creatorProfiles,
        blocked: viewerId
          ? nestedSql<boolean>(sql`exists (select 1 from ${userBlocks} b
              where (b.blocker_id = ${viewerId}::uuid and b.blocked_id = ${creatorProfiles.userId})
                 or (b.blocked_id = ${viewerId}::uuid and b.blocker_id = ${creatorProfiles.userId}))`)
          : sql<boolean>`false`,
        pinnedJson: options.pinned
          ? nestedSql<ProfilePostJson | null>(sql`(select ${pagePost} from ${posts} left join ${media} on ${media.id} = ${posts.mediaId}
              where ${posts.creatorId} = ${creatorProfiles.id} and ${posts.pinnedAt} is not null
                and ${posts.status} = 'published' and ${posts.showable})`)
          : sql<ProfilePostJson | null>`null::json`,
        pageJson: nestedSql<
          ProfilePostJson[]
        >(sql`(select coalesce(json_agg(page.row order by page.id desc), '[]'::json) from (
            select ${posts.id} as id, ${pagePost} as row
            from ${posts} left join ${media} on ${media.id} = ${posts.mediaId}
            where ${posts.creatorId} = ${creatorProfiles.id} and ${posts.showable} ${kind} ${unpinned} ${before}
            order by ${posts.id} desc limit ${literalLimit(options.limit)}
          ) page)`),
      })
      .from(creatorProfiles)
      .where(who);
  }

  /** The feed statements, each built with plain or bound values (see server/db/prepared.ts). */
  const build = {
    byCreator(value: Value, options: ProfilePageOptions) {
      return feedRows(value, options.viewer)
        .where(
          and(
            eq(posts.creatorId, value('creatorId', options.creatorId)),
            options.kind ? eq(media.kind, value('kind', options.kind)) : undefined,
            // The creator also sees posts whose media is still processing; drafts, scheduled and
            // expired posts are in their queue, not on the profile.
            options.includeUnready ? sql`${posts.status} = 'published'` : sql`${posts.showable}`,
            options.excludeId
              ? sql`${posts.id} <> ${value('excludeId', options.excludeId)}::uuid`
              : undefined,
            options.beforeId ? sql`${posts.id} < ${value('beforeId', options.beforeId)}::uuid` : undefined,
          ),
        )
        .orderBy(desc(posts.id))
        .limit(builderLimit(options.limit));
    },

    following(value: Value, options: { viewer: PageViewer; limit: number; beforeId?: string }) {
      return pageRows(
        value,
        sql`(${followedPage(value, {
          viewerId: options.viewer.id,
          limit: options.limit,
          order: 'newest',
          ...(options.beforeId ? { beforeId: options.beforeId } : {}),
        })})`,
        options.viewer,
      ).orderBy(desc(posts.id));
    },

    listed(value: Value, options: { viewer: PageViewer; listId: string; limit: number; beforeId?: string }) {
      return pageRows(
        value,
        sql`(${followedPage(value, {
          viewerId: options.viewer.id,
          listId: options.listId,
          limit: options.limit,
          order: 'newest',
          ...(options.beforeId ? { beforeId: options.beforeId } : {}),
        })})`,
        options.viewer,
      ).orderBy(desc(posts.id));
    },

    discover(
      value: Value,
      options: {
        limit: number;
        viewer?: PageViewer;
        followed?: RankKey | 'start';
        others?: RankKey | 'start';
      },
    ) {
      const { viewer } = options;
      const parts: SQL[] = [];
      if (viewer && options.followed)
        parts.push(
          sql`(${followedPage(value, {
            viewerId: viewer.id,
            limit: options.limit,
            order: 'rank',
            ...(options.followed !== 'start' ? { after: options.followed } : {}),
          })})`,
        );
      if (options.others)
        parts.push(
          sql`(${othersPage(value, {
            limit: options.limit,
            ...(viewer ? { viewerId: viewer.id } : {}),
            ...(options.others !== 'start' ? { after: options.others } : {}),
          })})`,
        );
      // Neither stream left: an empty page, still one statement of the same shape.
      const ids =
        parts.length === 0
          ? sql`(select null::uuid where false)`
          : sql`(${sql.join(parts, sql` union all `)})`;
      return pageRows(value, ids, viewer);
    },
  };

  /** The feed statements with their values in them: for EXPLAIN (npm run bench:feed) and tests. */
  const queries = {
    byCreator: (options: Parameters<typeof build.byCreator>[1]) => build.byCreator(plainArgs.value, options),
    following: (options: Parameters<typeof build.following>[1]) => build.following(plainArgs.value, options),
    listed: (options: Parameters<typeof build.listed>[1]) => build.listed(plainArgs.value, options),
    discover: (options: Parameters<typeof build.discover>[1]) => build.discover(plainArgs.value, options),
    profile: (options: ProfileOptions) => profileStatement(plainArgs.value, options),
  };

  /** What changes a statement's text, besides its values: the name of its prepared statement. */
  const region = () => (viewerCountry() ? 'r' : '');
  const stream = (at: RankKey | 'start' | undefined) => (at === undefined ? 'x' : at === 'start' ? 's' : 'a');
  const shapes = {
    byCreator: (o: ProfilePageOptions) =>
      `posts_by_creator_${o.kind ?? 'all'}${o.includeUnready ? '_unready' : ''}${o.excludeId ? '_ex' : ''}${o.beforeId ? '_b' : ''}${o.viewer ? '_v' : ''}_l${statementLimit(o.limit)}`,
    following: (o: { beforeId?: string; limit: number }) =>
      `posts_following${o.beforeId ? '_b' : ''}${region()}_l${statementLimit(o.limit)}`,
    listed: (o: { beforeId?: string; limit: number }) =>
      `posts_listed${o.beforeId ? '_b' : ''}${region()}_l${statementLimit(o.limit)}`,
    discover: (o: {
      viewer?: PageViewer;
      followed?: RankKey | 'start';
      others?: RankKey | 'start';
      limit: number;
    }) =>
      `posts_discover_${o.viewer ? 'v' : 'a'}${o.viewer ? stream(o.followed) : ''}${stream(o.others)}${region()}_l${statementLimit(o.limit)}`,
    profile: (o: ProfileOptions) =>
      `profile_${'id' in o ? 'id' : 'handle'}_${o.kind ?? 'all'}${o.pinned ? '_pin' : ''}${o.beforeId ? '_b' : ''}${o.viewer ? '_v' : ''}_l${statementLimit(o.limit)}`,
  };
  /** Runs a page's statement; `keep` rows of it, in its order (its LIMIT may be a size larger). */
  const run = async (
    shape: string,
    keep: number,
    statement: (args: StatementArgs) => PromiseLike<{ json: FeedPostJson }[]> & {
      prepare(name: string): { execute(values?: Record<string, unknown>): Promise<{ json: FeedPostJson }[]> };
    },
  ) => (await prepared.run(shape, statement)).slice(0, keep).map((row) => feedRowFromJson(row.json));

  return {
    async create(row: NewPost): Promise<PostRecord> {
      const [created] = await db.insert(posts).values(row).returning();
      if (!created) throw new Error('post insert returned nothing');
      return created;
    },

    async find(id: string): Promise<PostRow | null> {
      const [row] = await rows().where(eq(posts.id, id));
      return row ?? null;
    },

    /** The creator's pinned post, when it is published. */
    async pinnedOf(creatorId: string, viewer?: PageViewer): Promise<PostRow | null> {
      const [row] = await feedRows(plainArgs.value, viewer).where(
        and(
          eq(posts.creatorId, creatorId),
          sql`${posts.pinnedAt} is not null`,
          eq(posts.status, 'published'),
        ),
      );
      return row ? feedRowFromJson(row.json) : null;
    },

    /** Pins one post of the creator's (unpinning any other) or, with null, unpins. */
    async setPinned(creatorId: string, postId: string | null, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(posts)
          .set({ pinnedAt: null })
          .where(and(eq(posts.creatorId, creatorId), sql`${posts.pinnedAt} is not null`));
        if (postId)
          await tx
            .update(posts)
            .set({ pinnedAt: now })
            .where(and(eq(posts.id, postId), eq(posts.creatorId, creatorId)));
      });
    },

    /** The creator's scheduled posts, soonest first, or drafts, newest first. */
    async queue(creatorId: string, status: 'scheduled' | 'draft'): Promise<PostRow[]> {
      return rows()
        .where(and(eq(posts.creatorId, creatorId), eq(posts.status, status)))
        .orderBy(status === 'scheduled' ? posts.publishAt : desc(posts.id), desc(posts.id))
        .limit(limits.scheduledPostsMax);
    },

    async countScheduled(creatorId: string): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(posts)
        .where(and(eq(posts.creatorId, creatorId), eq(posts.status, 'scheduled')));
      return row?.value ?? 0;
    },

    /**
     * A draft or scheduled post gets the id of the moment it goes out (ids are uuidv7, and Home and
     * the profile are ordered by id), so it appears where a post made at that moment would. Nobody
     * but its creator has seen it, so nothing else refers to it yet.
     */
    async reKey(id: string, newId: string): Promise<void> {
      await db
        .update(posts)
        .set({ id: newId })
        .where(and(eq(posts.id, id), inArray(posts.status, ['draft', 'scheduled'])));
    },

    /**
     * Publishes every scheduled post whose time has come, each exactly once: the status changes
     * in the same statement that picks the post, so two runs at once never both publish it.
     */
    async publishDue(now: Date): Promise<PublishedPost[]> {
      const published = await db
        .update(posts)
        .set({
          status: 'published',
          createdAt: sql`${posts.publishAt}`,
          updatedAt: now,
          rankScore: sql`extract(epoch from ${posts.publishAt}) / ${RANK_SECONDS_PER_LIKE_DECADE} + log(1 + ${posts.likeCount})`,
        })
        .where(
          and(eq(posts.status, 'scheduled'), sql`${posts.publishAt} <= ${now.toISOString()}::timestamptz`),
        )
        .returning({ id: posts.id, creatorId: posts.creatorId });
      if (published.length === 0) return [];
      const creators = await db
        .select({ id: creatorProfiles.id, userId: creatorProfiles.userId, handle: creatorProfiles.handle })
        .from(creatorProfiles)
        .where(inArray(creatorProfiles.id, [...new Set(published.map((row) => row.creatorId))]));
      const byId = new Map(creators.map((creator) => [creator.id, creator]));
      return published.flatMap((row) => {
        const creator = byId.get(row.creatorId);
        return creator ? [{ id: row.id, creatorUserId: creator.userId, handle: creator.handle }] : [];
      });
    },

    /** Hides every published post whose end date has passed; the number hidden. */
    async expireDue(now: Date): Promise<number> {
      const expired = await db
        .update(posts)
        .set({ status: 'expired', pinnedAt: null, updatedAt: now })
        .where(
          and(eq(posts.status, 'published'), sql`${posts.expiresAt} <= ${now.toISOString()}::timestamptz`),
        )
        .returning({ id: posts.id });
      return expired.length;
    },

    /** Whether any post other than `exceptPostId` shows this media (as its first or a later item). */
    async isMediaUsed(mediaId: string, exceptPostId?: string): Promise<boolean> {
      const [first] = await db
        .select({ id: posts.id })
        .from(posts)
        .where(
          and(eq(posts.mediaId, mediaId), exceptPostId ? sql`${posts.id} <> ${exceptPostId}` : undefined),
        )
        .limit(1);
      if (first) return true;
      const [later] = await db
        .select({ id: postItems.postId })
        .from(postItems)
        .where(
          and(
            eq(postItems.mediaId, mediaId),
            exceptPostId ? sql`${postItems.postId} <> ${exceptPostId}` : undefined,
          ),
        )
        .limit(1);
      if (later) return true;
      // A photo or video sent in a message stays with the fans who got it (and maybe paid for it).
      const [sent] = await db
        .select({ id: messageItems.messageId })
        .from(messageItems)
        .where(eq(messageItems.mediaId, mediaId))
        .limit(1);
      if (sent) return true;
      const [massSent] = await db
        .select({ id: massMessageItems.massMessageId })
        .from(massMessageItems)
        .where(eq(massMessageItems.mediaId, mediaId))
        .limit(1);
      return massSent !== undefined;
    },

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

    /** The second and later items of a post, in order. */
    async addItems(postId: string, mediaIds: string[]): Promise<void> {
      if (mediaIds.length === 0) return;
      await db
        .insert(postItems)
        .values(mediaIds.map((mediaId, index) => ({ postId, mediaId, position: index + 1 })));
    },

    /** The second and later items of each post, in order, read once for a page. */
    async extraItemsOf(postIds: string[]): Promise<Map<string, MediaRecord[]>> {
      const found = new Map<string, MediaRecord[]>();
      if (postIds.length === 0) return found;
      const rows = await db
        .select({ postId: postItems.postId, media })
        .from(postItems)
        .innerJoin(media, eq(media.id, postItems.mediaId))
        .where(inArray(postItems.postId, postIds))
        .orderBy(postItems.postId, postItems.position);
      for (const row of rows) found.set(row.postId, [...(found.get(row.postId) ?? []), row.media]);
      return found;
    },

    async update(id: string, changes: PostChanges, now: Date): Promise<void> {
      await db
        .update(posts)
        .set({ ...changes, updatedAt: now })
        .where(eq(posts.id, id));
    },

    async delete(id: string): Promise<void> {
      await db.delete(posts).where(eq(posts.id, id));
    },

    /** Idempotent; the count and the rank change only when a like row was really added or removed. */
    async setLike(
      userId: string,
      postId: string,
      liked: boolean,
      now: Date,
    ): Promise<{ likes: number; changed: boolean }> {
      return db.transaction(async (tx) => {
        const changed = liked
          ? await tx
              .insert(postLikes)
              .values({ userId, postId, createdAt: now })
              .onConflictDoNothing()
              .returning()
          : await tx
              .delete(postLikes)
              .where(and(eq(postLikes.userId, userId), eq(postLikes.postId, postId)))
              .returning();
        if (changed.length > 0) {
          const count = sql`${posts.likeCount} + ${liked ? 1 : -1}`;
          await tx
            .update(posts)
            .set({ likeCount: count, rankScore: rankWithLikes(count) })
            .where(eq(posts.id, postId));
        }
        const [row] = await tx.select({ likes: posts.likeCount }).from(posts).where(eq(posts.id, postId));
        return { likes: row?.likes ?? 0, changed: changed.length > 0 };
      });
    },

    async likedAmong(userId: string, postIds: string[]): Promise<Set<string>> {
      if (postIds.length === 0) return new Set();
      const found = await db
        .select({ postId: postLikes.postId })
        .from(postLikes)
        .where(and(eq(postLikes.userId, userId), inArray(postLikes.postId, postIds)));
      return new Set(found.map((row) => row.postId));
    },

    /** The feed statements with their values in them, for EXPLAIN (npm run bench:feed) and tests. */
    queries,

    byCreator: (options: ProfilePageOptions): Promise<PostRow[]> =>
      run(shapes.byCreator(options), options.limit, (args) => build.byCreator(args.value, options)),
    following: (options: Parameters<typeof queries.following>[0]): Promise<PostRow[]> =>
      run(shapes.following(options), options.limit, (args) => build.following(args.value, options)),
    listed: (options: Parameters<typeof queries.listed>[0]): Promise<PostRow[]> =>
      run(shapes.listed(options), options.limit, (args) => build.listed(args.value, options)),
    /** A creator's profile page as a visitor reads it (see profileStatement); null without such a creator. */
    async profile(options: ProfileOptions): Promise<ProfilePage | null> {
      const [found] = await prepared.run(shapes.profile(options), (args) =>
        profileStatement(args.value, options),
      );
      if (!found) return null;
      const { creator } = found;
      const postRow = (json: ProfilePostJson) => feedRowOf(json, creator);
      return {
        creator,
        blocked: found.blocked,
        pinned: found.pinnedJson ? postRow(found.pinnedJson) : null,
        rows: found.pageJson.slice(0, options.limit).map(postRow),
      };
    },

    /**
     * Discover's page: the rows of both streams, unordered; a row's stream is `viewer.following`.
     * Each stream holds at least `limit` rows unless it ran out (its statement's size may be
     * larger: server/db/prepared.ts), the first ones of its order.
     */
    discover: (options: Parameters<typeof queries.discover>[0]): Promise<PostRow[]> =>
      run(shapes.discover(options), Number.POSITIVE_INFINITY, (args) => build.discover(args.value, options)),

    /** Posts the user liked, most recently liked first. */
    async likedBy(options: {
      userId: string;
      limit: number;
      before?: { at: string; id: string };
    }): Promise<(PostRow & { likedAt: Date })[]> {
      return db
        .select({ post: posts, creator: creatorProfiles, media, likedAt: postLikes.createdAt })
        .from(postLikes)
        .innerJoin(posts, eq(posts.id, postLikes.postId))
        .innerJoin(creatorProfiles, eq(creatorProfiles.id, posts.creatorId))
        .leftJoin(media, eq(media.id, posts.mediaId))
        .where(
          and(
            eq(postLikes.userId, options.userId),
            eq(posts.status, 'published'),
            options.before
              ? sql`(${postLikes.createdAt}, ${postLikes.postId}) < (${options.before.at}::timestamptz, ${options.before.id})`
              : undefined,
          ),
        )
        .orderBy(desc(postLikes.createdAt), desc(postLikes.postId))
        .limit(options.limit);
    },
  };
}

export type PostsRepository = ReturnType<typeof createPostsRepository>;
