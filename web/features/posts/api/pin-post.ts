import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostView } from '#common/schemas/posts.ts';
import { api } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { POSTS_KEY } from './post-cache.ts';
import { readPost } from './read-post.ts';

/** PUT or DELETE /api/posts/:id/pin: the creator's one post on top of their profile. */
export async function setPostPinned(postId: string, pinned: boolean): Promise<PostView> {
  const path = `/posts/${encodeURIComponent(postId)}/pin`;
  return readPost(pinned ? await api.put(path) : await api.delete(path));
}

export function usePinPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, pinned }: { postId: string; pinned: boolean }) => setPostPinned(postId, pinned),
    onSuccess: (post) => {
      toast.success(post.pinned ? 'Pinned to the top of your profile' : 'Unpinned');
      return queryClient.invalidateQueries({ queryKey: POSTS_KEY });
    },
    onError: (error) => toast.error(error.message),
  });
}
