import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreatorProfile, creatorProfileSchema } from '#common/schemas/creators.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAfterReview } from './invalidate-reviews.ts';

/** POST /api/admin/creators/:id/reject with the reason the creator will read. */
export async function rejectCreator({
  creatorId,
  reason,
}: {
  creatorId: string;
  reason: string;
}): Promise<CreatorProfile> {
  const body = await api.post(`/admin/creators/${encodeURIComponent(creatorId)}/reject`, { reason });
  return creatorProfileSchema.parse(body);
}

export function useRejectCreator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectCreator,
    onSuccess: () => invalidateAfterReview(queryClient),
  });
}
