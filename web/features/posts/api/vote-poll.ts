import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostView } from '#common/schemas/posts.ts';
import { api } from '../../../lib/api-client.ts';
import { updateCachedPost } from './post-cache.ts';
import { readPost } from './read-post.ts';

/** POST /api/posts/:id/poll/vote: the post comes back with the results. */
export async function votePoll(postId: string, option: number): Promise<PostView> {
  return readPost(await api.post(`/posts/${encodeURIComponent(postId)}/poll/vote`, { option }));
}

export function useVotePoll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, option }: { postId: string; option: number }) => votePoll(postId, option),
    onSuccess: (post) => updateCachedPost(queryClient, post.id, () => post),
  });
}
