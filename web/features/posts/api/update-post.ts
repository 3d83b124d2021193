import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostView, UpdatePostInput } from '#common/schemas/posts.ts';
import { api } from '../../../lib/api-client.ts';
import { POSTS_KEY, updateCachedPost } from './post-cache.ts';
import { readPost } from './read-post.ts';

/** PATCH /api/posts/:id: the owner changes the description (or who may see the post). */
export async function updatePost(postId: string, input: UpdatePostInput): Promise<PostView> {
  return readPost(await api.patch(`/posts/${encodeURIComponent(postId)}`, input));
}

export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, input }: { postId: string; input: UpdatePostInput }) => updatePost(postId, input),
    onSuccess: (post) => {
      updateCachedPost(queryClient, post.id, () => post);
      return queryClient.invalidateQueries({ queryKey: POSTS_KEY });
    },
  });
}
