import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

const doneSchema = z.object({ message: z.string() });

/** POST /api/me/blocks */
export async function blockUser(userId: string): Promise<string> {
  return doneSchema.parse(await api.post('/me/blocks', { userId })).message;
}

/**
 * A block hides the other person's page, posts and conversations both ways, and ends follows and
 * subscriptions: every list that could show them is fetched again.
 */
export function invalidateAfterBlock(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [['safety'], ['creators'], ['posts'], ['messages']].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

export function useBlockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockUser,
    onSuccess: () => invalidateAfterBlock(queryClient),
  });
}
