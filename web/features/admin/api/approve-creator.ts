import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreatorProfile, creatorProfileSchema } from '#common/schemas/creators.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAfterReview } from './invalidate-reviews.ts';

/** POST /api/admin/creators/:id/approve */
export async function approveCreator(creatorId: string): Promise<CreatorProfile> {
  const body = await api.post(`/admin/creators/${encodeURIComponent(creatorId)}/approve`);
  return creatorProfileSchema.parse(body);
}

export function useApproveCreator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveCreator,
    onSuccess: () => invalidateAfterReview(queryClient),
  });
}
