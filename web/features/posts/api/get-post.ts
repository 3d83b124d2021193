import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PostView } from '#common/schemas/posts.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/posts/:id: one post as the viewer may see it (locked: preview only). */
export async function getPost(postId: string, signal?: AbortSignal): Promise<PostView> {
  const body = (await api.get(`/posts/${encodeURIComponent(postId)}`, { signal })) as PostView | null;
  if (!body || typeof body.id !== 'string') throw new Error('Unexpected answer from the server (post)');
  return body;
}

export function postQueryOptions(postId: string) {
  return queryOptions({ queryKey: ['post', postId], queryFn: ({ signal }) => getPost(postId, signal) });
}

export function usePost(postId: string) {
  return useQuery(postQueryOptions(postId));
}
