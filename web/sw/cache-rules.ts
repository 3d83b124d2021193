/**
 * Which requests the service worker (web/sw/index.ts) answers from its caches, and which answers
 * it may keep: pure functions, so the rules are tested without a worker (cache-rules.test.ts).
 *
 * Kept: the app's own files, the feed pages (the last one seen is what an offline visit shows) and
 * public pictures (avatars, blurred previews). Never kept: signed links (originals and full
 * renditions of locked media, S3's presigned links), video playlists and segments, any other API
 * answer (messages, account, payments), anything but GET, and private answers other than feeds.
 */

/**
 * - `navigation`: a page; network first, the cached app shell offline.
 * - `feed`: a feed page's JSON; network first with a short timeout, then the last answer kept.
 * - `image`: an unsigned picture rendition; the kept copy at once, refreshed behind it.
 * - `asset`: a built file with a content hash in its name; the kept copy, else the network.
 */
export type CacheRoute = 'navigation' | 'feed' | 'image' | 'asset';

export interface RequestFacts {
  method: string;
  url: string;
  mode: RequestMode;
  /** A Range request wants part of a file (video): never answered from or kept in a cache. */
  hasRange?: boolean;
}

/** Discover, the following feed and a creator's posts (server/routes/posts/feeds.ts). */
const FEED = /^\/api\/(?:feed|discover|creators\/(?!me\/)[^/]+\/posts)$/;
/** `/api/media/<id>/<variant>` of a picture (server/services/media/links.ts); HLS and videos are not. */
const IMAGE = /^\/api\/media\/[^/]+\/(?:preview|poster|jpeg|w\d+)$/;
/** Signatures of the app (`expires`, `sig`) and of S3 (`X-Amz-*`): a link for one viewer, for a while. */
const SIGNED = /(?:^|[?&])(?:expires|sig|x-amz-[a-z-]+)=/i;
const STREAMED = /\.(?:m3u8|ts|m4s|mp4)$/i;

export function cacheRouteOf(request: RequestFacts, origin: string): CacheRoute | null {
  if (request.method !== 'GET' || request.hasRange) return null;
  const url = new URL(request.url);
  if (url.origin !== origin) return null;
  const path = url.pathname;
  if (SIGNED.test(url.search) || STREAMED.test(path)) return null;
  if (request.mode === 'navigate') return path.startsWith('/api/') ? null : 'navigation';
  if (FEED.test(path)) return 'feed';
  if (IMAGE.test(path)) return url.search === '' ? 'image' : null;
  if (path.startsWith('/assets/')) return 'asset';
  return null;
}

export interface ResponseFacts {
  status: number;
  /** `basic` for this origin; `opaque` answers hide their status and are never kept. */
  type: ResponseType;
  headers: Pick<Headers, 'get'>;
}

/**
 * Whether an answer may be kept: whole (200) answers of this origin only, and none the server
 * marked private or no-store, except feed pages: those are the viewer's own, kept for their offline
 * visits and cleared when they sign out (index.ts, `signed-out`).
 */
export function mayKeep(route: CacheRoute, response: ResponseFacts): boolean {
  if (response.status !== 200 || response.type !== 'basic') return false;
  if (route === 'feed') return true;
  const cacheControl = response.headers.get('cache-control') ?? '';
  return !/\b(?:private|no-store)\b/i.test(cacheControl);
}
