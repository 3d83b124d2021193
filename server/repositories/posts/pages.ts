/**
 * The feed, Discover and profile page statements: their builders (`build`, `profileStatement`),
 * their plain forms for EXPLAIN (`queries`), their prepared statement names (`shapes`) and the
 * repository methods that run them.
 */
import { and, desc, eq, exists, inArray, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  literalLimit,
  plainArgs,
  preparedStatements,
  type StatementArgs,
  statementLimit,
} from '../../db/prepared.ts';
import {
  creatorHandleRedirects,
  creatorProfiles,
  follows,
  media,
  posts,
  userBlocks,
} from '../../db/schema/index.ts';
import { viewerCountry } from '../../lib/viewer-region.ts';
import type { CreatorRecord } from '../creators/creators.repository.ts';
import {
  type FeedPostJson,
  feedRowFromJson,
  feedRowOf,
  nestedSql,
  type ProfilePostJson,
  postJson,
  postRows,
  type Value,
} from './rows.ts';
import type { PageViewer, PostRow, RankKey } from './types.ts';

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

/** A creator's profile page read as a visitor: by current or old handle, or by id. */
export type ProfileOptions = ({ handle: string } | { id: string }) & {
  kind?: 'image' | 'video';
  limit: number;
  beforeId?: string;
  /** Read the pinned post too (the Posts tab's first page); the Posts tab's pages leave it out. */
  pinned: boolean;
  viewer?: PageViewer;
};
/** What a visitor's profile page reads: the creator, a block either way, the pinned post, a page. */
export interface ProfilePage {
  creator: CreatorRecord;
  blocked: boolean;
  pinned: PostRow | null;
  rows: PostRow[];
}

/** The page reads of the posts repository: feeds, Discover and profile pages. */
export function createPostPages(db: Database) {
  const prepared = preparedStatements();
  const { feedRows } = postRows(db);

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
  };
}
