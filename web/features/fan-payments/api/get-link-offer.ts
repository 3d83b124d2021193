import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { MoneyView } from '#common/schemas/fan-payments.ts';
import type { PublicOffer } from '#common/schemas/offers.ts';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';

/** The query key of every link offer: asked again when taking one fails (it may have ended). */
export const linkOfferKey = ['fan-payments', 'offer'] as const;

/**
 * The offer a creator's page was opened with (`?offer=<code>`), as this viewer may take it: the
 * offers feature shows it, and a promotion's price or a trial's free days go into the Subscribe
 * banner and Select plan.
 */
export function useLinkOffer(handle: string) {
  const [params] = useSearchParams();
  const code = params.get('offer');
  const session = useSession();
  return useQuery({
    queryKey: [...linkOfferKey, handle, code ?? '', session?.user.id ?? ''] as const,
    queryFn: async ({ signal }) =>
      (await api.get(`/creators/${encodeURIComponent(handle)}/offers/${encodeURIComponent(code ?? '')}`, {
        signal,
      })) as PublicOffer,
    enabled: code !== null && code !== '',
    retry: false,
  });
}

/** A promotion from the page's link: its discount off the first period, sent with its code. */
export interface LinkPromotion {
  code: string;
  discountPercent: number;
}

/** A free trial from the page's link: Subscribe starts it with its code, at no charge. */
export interface LinkTrial {
  code: string;
  days: number;
  regularPrice: MoneyView;
  /** Renewing after the trial can be charged only to a card saved with the provider. */
  hasSavedCard: boolean;
}

/**
 * What the page's offer link changes wherever this creator's plans are offered: a promotion or a
 * free trial this viewer may take now (neither when the link has none, or it cannot be used).
 */
export function useLinkOfferTerms(handle: string): {
  offer: PublicOffer | undefined;
  promotion: LinkPromotion | null;
  trial: LinkTrial | null;
} {
  const offer = useLinkOffer(handle).data;
  const usable = offer?.available === true ? offer : null;
  return {
    offer,
    promotion:
      usable?.kind === 'promotion' && usable.discountPercent !== null
        ? { code: usable.code, discountPercent: usable.discountPercent }
        : null,
    trial:
      usable?.kind === 'trial' && usable.trialDays !== null
        ? {
            code: usable.code,
            days: usable.trialDays,
            regularPrice: usable.regularPrice,
            hasSavedCard: usable.hasSavedCard,
          }
        : null,
  };
}
