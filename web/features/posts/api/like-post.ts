import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LikeState } from '#common/schemas/posts.ts';
import { api } from '../../../lib/api-client.ts';
import { readLikeState } from '../../../lib/read-response.ts';
import { updateCachedPost } from './post-cache.ts';

const likePath = (postId: string) => `/posts/${encodeURIComponent(postId)}/like`;

/** POST /api/posts/:id/like (idempotent) */
export async function likePost(postId: string): Promise<LikeState> {
  return readLikeState(await api.post(likePath(postId)));
}

/** DELETE /api/posts/:id/like (idempotent) */
export async function unlikePost(postId: string): Promise<LikeState> {
  return readLikeState(await api.delete(likePath(postId)));
}

export interface LikeInput {
  postId: string;
  like: boolean;
}

export function useLikePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, like }: LikeInput) => (like ? likePost(postId) : unlikePost(postId)),
    onSuccess: (state, { postId }) => {
      updateCachedPost(queryClient, postId, (post) => ({ ...post, liked: state.liked, likes: state.likes }));
      // The Liked tab keeps an unliked post on screen until it is opened again; its count updates now.
      void queryClient.invalidateQueries({ queryKey: ['posts', 'liked'], refetchType: 'none' });
      return queryClient.invalidateQueries({ queryKey: ['creators', 'me'] });
    },
  });
}
