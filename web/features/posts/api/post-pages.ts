import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { PostList } from '#common/schemas/posts.ts';
import { api } from '../../../lib/api-client.ts';
import { pageIdle } from '../../../lib/page-idle.ts';
import { readPostList } from '../../../lib/read-response.ts';

export type PostPages = InfiniteData<PostList, string | null>;

/** Signed media URLs live 10 minutes (limits.media.signedUrlTtlSeconds): lists go stale well before. */
const STALE_MS = 5 * 60_000;
/** A list is asked again this long before its first signed URL dies, so playback never meets a dead link. */
const EXPIRY_MARGIN_MS = 90_000;
const MIN_REFRESH_MS = 15_000;
/** While one of the owner's uploads is processing, the list is asked again this often. */
export const PROCESSING_REFRESH_MS = 5_000;

/** GET one keyset page of posts; `cursor` is left out for the first page. */
export async function getPostPage(
  path: string,
  query: { limit: number; cursor: string | null; type?: string },
  signal?: AbortSignal,
): Promise<PostList> {
  const { cursor, ...rest } = query;
  const body = await api.get(path, { query: { ...rest, cursor: cursor ?? undefined }, signal });
  return readPostList(body);
}

/**
 * Milliseconds until the list must be asked again: soon while one of the owner's uploads is still
 * processing (only its owner is shown such a post), so it turns into the photo or video, or into
 * the reason it failed, without a reload; else before its signed URLs expire; false when neither.
 */
export function refreshInterval(data: PostPages | undefined, now = Date.now()): number | false {
  let first = Number.POSITIVE_INFINITY;
  for (const page of data?.pages ?? []) {
    for (const post of page.items) {
      if ([post.media, ...post.items].some((media) => media?.status === 'processing'))
        return PROCESSING_REFRESH_MS;
      const expiresAt = post.media?.urlsExpireAt;
      if (expiresAt) first = Math.min(first, Date.parse(expiresAt));
    }
  }
  if (!Number.isFinite(first)) return false;
  return Math.max(first - now - EXPIRY_MARGIN_MS, MIN_REFRESH_MS);
}

/** Every post list is an infinite query over keyset cursors, refreshed before its media links expire. */
export function postPagesOptions<Key extends QueryKey>(
  queryKey: Key,
  fetchPage: (cursor: string | null, signal: AbortSignal) => Promise<PostList>,
) {
  return infiniteQueryOptions<PostList, Error, PostPages, Key, string | null>({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: STALE_MS,
    // A tab left in the background past the links' lifetime comes back with fresh ones.
    refetchOnWindowFocus: true,
    refetchInterval: (query) => refreshInterval(query.state.data),
  });
}

/** The lists the service worker keeps for an offline visit (web/sw/cache-rules.ts, FEED). */
const OFFLINE_LISTS = new Set(['feed', 'discover', 'creator']);

/**
 * A page adopted from the server's data asked the API for none of its lists, so the service
 * worker kept none of them. Once the page is idle, and only when a worker controls it, each list
 * the server sent is asked for again through the worker, which keeps the last answer for an
 * offline visit (and the cards get whatever changed meanwhile). A list whose code is still on its
 * way (Home's feed is a chunk of its own, adopted in a later task) is asked for when it comes on
 * screen: on a busy machine that is after the page went idle.
 */
export function keepListsForOffline(client: QueryClient): void {
  const cache = client.getQueryCache();
  const waiting = new Set(
    cache
      .getAll()
      .filter(({ queryKey }) => queryKey[0] === 'posts' && OFFLINE_LISTS.has(String(queryKey[1])))
      .map((query) => query.queryHash),
  );
  if (waiting.size === 0) return;
  void pageIdle().then(() => {
    if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return;
    const askAgain = (query: { queryHash: string; queryKey: QueryKey; getObserversCount(): number }) => {
      if (query.getObserversCount() === 0 || !waiting.delete(query.queryHash)) return;
      void client.refetchQueries({ queryKey: query.queryKey, exact: true });
      if (waiting.size === 0) stop();
    };
    const stop = cache.subscribe((event) => {
      if (event.type === 'observerAdded') askAgain(event.query);
    });
    for (const query of cache.getAll()) askAgain(query);
  });
}
