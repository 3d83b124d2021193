import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { POSTS_KEY, removeCachedPost } from './post-cache.ts';

/** DELETE /api/posts/:id: the owner, or an admin, removes a post and its media. */
export async function deletePost(postId: string): Promise<void> {
  await api.delete(`/posts/${encodeURIComponent(postId)}`);
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_nothing, postId) => {
      removeCachedPost(queryClient, postId);
      // Profile counts (posts, photos, videos, likes) change with it.
      void queryClient.invalidateQueries({ queryKey: ['creators'] });
      return queryClient.invalidateQueries({ queryKey: POSTS_KEY });
    },
  });
}
