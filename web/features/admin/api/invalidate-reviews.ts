import type { QueryClient } from '@tanstack/react-query';

/** A decision moves a creator between the review lists and changes who appears on public pages. */
export function invalidateAfterReview(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['admin', 'creators'] }),
    queryClient.invalidateQueries({ queryKey: ['creators'] }),
  ]);
}
