import { describe, expect, it } from 'vitest';
import { type CacheRoute, cacheRouteOf, mayKeep, type RequestFacts } from './cache-rules.ts';

const origin = 'https://fans.example.com';
const get = (path: string, mode: RequestMode = 'cors'): RequestFacts => ({
  method: 'GET',
  url: `${origin}${path}`,
  mode,
});
const sig = `expires=1900000000&sig=${'a'.repeat(64)}`;

describe('which requests the service worker answers from its caches', () => {
  it.each<[string, RequestFacts, CacheRoute | null]>([
    ['a page', get('/discover', 'navigate'), 'navigation'],
    ['a page with a query', get('/reset-password?token=abc', 'navigate'), 'navigation'],
    ['the following feed', get('/api/feed?limit=20'), 'feed'],
    ['Discover', get('/api/discover?limit=24&cursor=abc'), 'feed'],
    ["a creator's posts", get('/api/creators/mia/posts?type=photos'), 'feed'],
    ['a blurred preview', get('/api/media/7d1c/preview', 'no-cors'), 'image'],
    ['a public rendition (an avatar)', get('/api/media/7d1c/w320', 'no-cors'), 'image'],
    ['a built file', get('/assets/index-Bx1.js'), 'asset'],
  ])('%s', (_name, request, route) => {
    expect(cacheRouteOf(request, origin)).toBe(route);
  });

  it.each<[string, RequestFacts]>([
    ['a signed link to a rendition', get(`/api/media/7d1c/w1280?${sig}`, 'no-cors')],
    ['a signed link to a video', get(`/api/media/7d1c/video?${sig}`, 'no-cors')],
    ['an HLS master playlist', get(`/api/media/7d1c/hls?${sig}`)],
    ['a public HLS playlist', get('/api/media/7d1c/hls')],
    ['an HLS rung', get('/api/media/7d1c/hls-360p')],
    ['an HLS segment', get(`/api/media/7d1c/hls-360p/seg-1.m4s?${sig}`)],
    ['a transport stream segment', get('/api/media/7d1c/hls-360p/seg-1.ts')],
    ['a playlist file', get('/stream/index.m3u8')],
    ['a public video', get('/api/media/7d1c/video', 'no-cors')],
    ['an identity document', get('/api/media/7d1c/document')],
    ['an S3 presigned link', get('/api/media/7d1c/w320?X-Amz-Signature=abc')],
    ['media on another origin', { method: 'GET', url: 'https://s3.example.com/b/k.webp', mode: 'no-cors' }],
    ['messages', get('/api/conversations?limit=20')],
    ['my account', get('/api/me')],
    ['liked posts (a me/ endpoint)', get('/api/me/liked')],
    ['my queue', get('/api/creators/me/queue')],
    ["a creator's own posts under me/", get('/api/creators/me/posts')],
    ['payments', get('/api/me/transactions')],
    ['a media object', get('/api/media/7d1c')],
    ['a post', get('/api/posts/p1')],
    ['the live event stream', get('/api/events')],
    ['the service worker itself', get('/sw.js')],
    ['an API path opened as a page', get('/api/feed', 'navigate')],
    ['a POST', { ...get('/api/feed'), method: 'POST' }],
    ['a liked post (PUT)', { ...get('/api/posts/p1/like'), method: 'PUT' }],
    ['a Range request', { ...get('/api/media/7d1c/w320', 'no-cors'), hasRange: true }],
  ])('not %s', (_name, request) => {
    expect(cacheRouteOf(request, origin)).toBeNull();
  });
});

describe('which answers it keeps', () => {
  const answer = (status: number, cacheControl?: string, type: ResponseType = 'basic') => ({
    status,
    type,
    headers: new Headers(cacheControl ? { 'cache-control': cacheControl } : {}),
  });

  it('keeps whole answers of its own origin', () => {
    expect(mayKeep('image', answer(200, 'public, max-age=31536000, immutable'))).toBe(true);
    expect(mayKeep('asset', answer(200))).toBe(true);
    expect(mayKeep('feed', answer(200))).toBe(true);
  });

  it('keeps feed pages even when private: they are cleared on sign-out', () => {
    expect(mayKeep('feed', answer(200, 'private, no-store'))).toBe(true);
  });

  it('never keeps a private or no-store answer of anything else', () => {
    expect(mayKeep('image', answer(200, 'private, max-age=600'))).toBe(false);
    expect(mayKeep('image', answer(200, 'no-store'))).toBe(false);
    expect(mayKeep('asset', answer(200, 'Private'))).toBe(false);
  });

  it('never keeps errors, partial answers or opaque answers', () => {
    expect(mayKeep('feed', answer(500))).toBe(false);
    expect(mayKeep('feed', answer(401))).toBe(false);
    expect(mayKeep('image', answer(206))).toBe(false);
    expect(mayKeep('image', answer(0, undefined, 'opaque'))).toBe(false);
  });
});
