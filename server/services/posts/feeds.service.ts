import { normalizeHandle } from '../../../common/handles.ts';
import { creatorMessages } from '../../../common/schemas/creators.ts';
import type { PostType } from '../../../common/schemas/posts.ts';
import { notFound } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, encodeCursor, keysetPage } from '../../lib/cursor.ts';
import { FOLLOWED_BOOST } from '../../lib/rank.ts';
import { actorOf, assertCan } from '../../policies/access.ts';
import { isOwnerOf, type Viewer } from '../../policies/actions/creators.ts';
import type { CreatorRecord, CreatorsRepository } from '../../repositories/creators/creators.repository.ts';
import type { PostRow, PostsRepository, RankKey } from '../../repositories/posts/index.ts';

interface Page {
  limit: number;
  cursor?: string;
}

/** A page of posts as facts: the endpoint presents the rows for its viewer (PresentPosts). */
export interface PostPage {
  rows: PostRow[];
  nextCursor: string | null;
}

/** Creators found by search, and (signed in) which of them the viewer follows. */
export interface CreatorMatches {
  rows: CreatorRecord[];
  followed: Set<string> | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KINDS = { all: undefined, photos: 'image', videos: 'video' } as const;

/** Discover's cursor: where each of its two streams stands ('' once a stream is used up). */
function decodeDiscover(cursor: string | undefined) {
  const raw = decodeCursor(cursor, ['f', 'o']);
  const key = (part: string | undefined): RankKey | 'end' | undefined => {
    if (part === undefined || part === 'start') return undefined;
    if (part === 'end') return 'end';
    const [score, id] = part.split('|');
    if (!score || !id || !UUID.test(id) || !Number.isFinite(Number(score))) return undefined;
    return { score: Number(score), id };
  };
  return { followed: key(raw?.f), others: key(raw?.o) };
}
const encodeKey = (key: RankKey | 'end' | undefined) =>
  key === undefined ? 'start' : key === 'end' ? 'end' : `${key.score}|${key.id}`;

export function createFeedsService(deps: {
  posts: PostsRepository;
  creators: Pick<CreatorsRepository, 'search' | 'followedAmong'>;
  clock: Clock;
}) {
  /** Signed in, each page is read with the viewer's likes, follows and entitlements. */
  const pageViewer = (viewer: Viewer | null) =>
    viewer ? { viewer: { id: viewer.id, now: deps.clock.now() } } : {};

  const page = <Row extends PostRow>(rows: Row[], limit: number, key: (row: Row) => string): PostPage =>
    keysetPage(rows, limit, (last) => ({ k: key(last) }));
  const idCursor = (cursor: string | undefined) => decodeCursor(cursor, ['k'])?.k;

  return {
    /** A creator's posts (Posts tab) or only photos or videos (Media tab), newest first. */
    async byCreator(viewer: Viewer | null, handle: string, type: PostType, options: Page): Promise<PostPage> {
      const beforeId = idCursor(options.cursor);
      const kind = KINDS[type];
      // One statement reads the creator, a block either way, the pinned post and the page as a
      // visitor sees them; the creator's own profile is read below instead (it also lists posts
      // still processing).
      const profile = await deps.posts.profile({
        ...(UUID.test(handle)
          ? { id: handle.toLowerCase() }
          : { handle: normalizeHandle(handle).toLowerCase() }),
        limit: options.limit + 1,
        pinned: type === 'all' && !beforeId,
        ...pageViewer(viewer),
        ...(kind ? { kind } : {}),
        ...(beforeId ? { beforeId } : {}),
      });
      const creator = profile?.creator ?? null;
      const blocked = profile && viewer && viewer.id !== profile.creator.userId ? profile.blocked : false;
      if (!profile || !creator) throw notFound(creatorMessages.creatorNotFound);
      assertCan(actorOf(viewer), 'creator:view', { creator, blocked });
      if (!isOwnerOf(viewer, creator)) {
        const list = page(profile.rows, options.limit, (row) => row.post.id);
        if (profile.pinned) list.rows.unshift(profile.pinned);
        return list;
      }
      // The pinned post heads the Posts tab's first page and is left out of its place in the list.
      const pinned =
        type === 'all'
          ? await deps.posts.pinnedOf(
              creator.id,
              viewer ? { id: viewer.id, now: deps.clock.now() } : undefined,
            )
          : null;
      const rows = await deps.posts.byCreator({
        creatorId: creator.id,
        limit: options.limit + 1,
        includeUnready: true,
        ...pageViewer(viewer),
        ...(kind ? { kind } : {}),
        ...(beforeId ? { beforeId } : {}),
        ...(pinned ? { excludeId: pinned.post.id } : {}),
      });
      const list = page(rows, options.limit, (row) => row.post.id);
      if (pinned && !beforeId) list.rows.unshift(pinned);
      return list;
    },

    /**
     * Discover: approved creators' posts by rank (recency blended with likes). For a signed-in viewer
     * two keyset streams merge, followed creators' posts lifted by a fixed boost, so every page is
     * an index range and new posts never shift the pages after the first. Its cursor holds both
     * streams' positions, so it is built here rather than by keysetPage (one key after the last row).
     */
    async discover(viewer: Viewer | null, options: Page): Promise<PostPage> {
      const at = decodeDiscover(options.cursor);
      const fetch = options.limit + 1;
      const fetched = await deps.posts.discover({
        limit: fetch,
        ...pageViewer(viewer),
        ...(viewer && at.followed !== 'end' ? { followed: at.followed ?? 'start' } : {}),
        ...(at.others !== 'end' ? { others: at.others ?? 'start' } : {}),
      });
      // One statement read both streams; a row's stream is whether the viewer follows its creator.
      const byRank = (a: PostRow, b: PostRow) =>
        b.post.rankScore - a.post.rankScore || (a.post.id < b.post.id ? 1 : a.post.id > b.post.id ? -1 : 0);
      const followed = fetched.filter((row) => row.viewer?.following === true).sort(byRank);
      const others = fetched.filter((row) => row.viewer?.following !== true).sort(byRank);
      const chosen: PostRow[] = [];
      let f = 0;
      let o = 0;
      const effective = (row: PostRow, boost: number) => row.post.rankScore + boost;
      while (chosen.length < options.limit && (f < followed.length || o < others.length)) {
        const a = followed[f];
        const b = others[o];
        const takeFollowed =
          a !== undefined &&
          (b === undefined ||
            effective(a, FOLLOWED_BOOST) > effective(b, 0) ||
            (effective(a, FOLLOWED_BOOST) === effective(b, 0) && a.post.id > b.post.id));
        if (takeFollowed && a) {
          chosen.push(a);
          f += 1;
        } else if (b) {
          chosen.push(b);
          o += 1;
        }
      }
      // Each stream continues strictly below the merge frontier (the last post shown), so a post that
      // arrives later, even in a stream this page did not draw from, lands above the cursor.
      const last = chosen.at(-1);
      const lastFollowed = last !== undefined && f > 0 && followed[f - 1] === last;
      const frontier = last ? effective(last, lastFollowed ? FOLLOWED_BOOST : 0) : 0;
      const position = (
        rows: PostRow[],
        used: number,
        boost: number,
        before: RankKey | 'end' | undefined,
      ) => {
        if (used >= rows.length) return 'end' as const;
        if (!last) return before;
        const own = rows[used - 1] === last;
        return { score: own ? last.post.rankScore : frontier - boost, id: last.post.id };
      };
      const next = {
        f: viewer ? position(followed, f, FOLLOWED_BOOST, at.followed) : ('end' as const),
        o: position(others, o, 0, at.others),
      };
      const more = next.f !== 'end' || next.o !== 'end';
      return {
        rows: chosen,
        nextCursor: more ? encodeCursor({ f: encodeKey(next.f), o: encodeKey(next.o) }) : null,
      };
    },

    /** Home: the latest posts of the creators the viewer follows. */
    async following(viewer: Viewer, options: Page): Promise<PostPage> {
      const beforeId = idCursor(options.cursor);
      const rows = await deps.posts.following({
        viewer: { id: viewer.id, now: deps.clock.now() },
        limit: options.limit + 1,
        ...(beforeId ? { beforeId } : {}),
      });
      return page(rows, options.limit, (row) => row.post.id);
    },

    /** The private profile's Liked tab, most recently liked first. */
    async liked(viewer: Viewer, options: Page): Promise<PostPage> {
      const before = idCursor(options.cursor);
      const [at, id] = before?.split('|') ?? [];
      const rows = await deps.posts.likedBy({
        userId: viewer.id,
        limit: options.limit + 1,
        ...(at && id && UUID.test(id) && !Number.isNaN(Date.parse(at)) ? { before: { at, id } } : {}),
      });
      return page(rows, options.limit, (row) => `${row.likedAt.toISOString()}|${row.post.id}`);
    },

    async search(viewer: Viewer | null, query: string, limit: number): Promise<CreatorMatches> {
      const trimmed = query.trim();
      if (trimmed === '') return { rows: [], followed: null };
      const rows = await deps.creators.search({
        query: trimmed.replace(/^@/, ''),
        limit,
        ...(viewer ? { viewerId: viewer.id } : {}),
      });
      // Signed in, each creator says whether the viewer follows them (the results' Follow buttons).
      const followed = viewer
        ? await deps.creators.followedAmong(
            viewer.id,
            rows.map((row) => row.id),
          )
        : null;
      return { rows, followed };
    },
  };
}

export type FeedsService = ReturnType<typeof createFeedsService>;
