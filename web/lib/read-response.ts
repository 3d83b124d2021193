import type { FollowState } from '#common/schemas/creators.ts';
import type { LikeState, PostList } from '#common/schemas/posts.ts';

/**
 * Answers on the Discover path are checked by hand, not with the zod schemas: importing those
 * would add zod (~37 KB gzipped) to the first page of most visits. The server already validates
 * every answer against the same schemas before sending it; this catches a wrong endpoint or proxy.
 */
function fail(what: string): never {
  throw new Error(`Unexpected answer from the server (${what})`);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

export function readPostList(body: unknown): PostList {
  if (!isRecord(body) || !Array.isArray(body.items)) fail('post list');
  if (body.nextCursor !== null && typeof body.nextCursor !== 'string') fail('post list cursor');
  for (const item of body.items) {
    if (!isRecord(item) || typeof item.id !== 'string' || !isRecord(item.creator)) fail('post');
  }
  return body as PostList;
}

export function readLikeState(body: unknown): LikeState {
  if (!isRecord(body) || typeof body.liked !== 'boolean' || typeof body.likes !== 'number') fail('like');
  return { liked: body.liked, likes: body.likes };
}

export function readFollowState(body: unknown): FollowState {
  if (!isRecord(body) || typeof body.following !== 'boolean' || typeof body.followers !== 'number') {
    fail('follow');
  }
  return { following: body.following, followers: body.followers };
}
