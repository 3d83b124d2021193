import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { PublicOffer } from '#common/schemas/offers.ts';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';

/**
 * The offer a creator's page was opened with (`?offer=<code>`), as this viewer may take it: the
 * offers feature shows it, and a promotion's price goes into the Subscribe banner and Select plan.
 */
export function useLinkOffer(handle: string) {
  const [params] = useSearchParams();
  const code = params.get('offer');
  const session = useSession();
  return useQuery({
    queryKey: ['fan-payments', 'offer', handle, code ?? '', session?.user.id ?? ''] as const,
    queryFn: async ({ signal }) =>
      (await api.get(`/creators/${encodeURIComponent(handle)}/offers/${encodeURIComponent(code ?? '')}`, {
        signal,
      })) as PublicOffer,
    enabled: code !== null && code !== '',
    retry: false,
  });
}
