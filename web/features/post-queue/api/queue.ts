import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PostList, postListSchema } from '#common/schemas/posts.ts';
import { api } from '../../../lib/api-client.ts';
import { updatePost } from '../../posts/index.ts';

export type QueueStatus = 'scheduled' | 'draft';

/** GET /api/creators/me/queue?status=: scheduled posts soonest first, or drafts newest first. */
export async function getQueue(status: QueueStatus, signal?: AbortSignal): Promise<PostList> {
  return postListSchema.parse(await api.get('/creators/me/queue', { query: { status }, signal }));
}

export const queueKey = (status: QueueStatus) => ['posts', 'queue', status] as const;

export function useQueue(status: QueueStatus) {
  return useQuery({ queryKey: queueKey(status), queryFn: ({ signal }) => getQueue(status, signal) });
}

/** Moves a queued post: a new time, back to a draft, or out now. */
export function useMoveQueued() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      postId,
      move,
    }: {
      postId: string;
      move: { publish: 'now' } | { publish: 'draft' } | { publish: 'scheduled'; publishAt: string };
    }) => updatePost(postId, move),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['posts'] }),
  });
}
