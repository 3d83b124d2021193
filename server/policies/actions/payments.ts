/** Money: paying a creator, and a creator's payouts. */
import { creatorMessages } from '../../../common/schemas/creators.ts';
import { fanPaymentMessages } from '../../../common/schemas/fan-payments.ts';
import { refuse } from '../actor.ts';
import { type CreatorFacts, hiddenInViewerRegion } from '../creators.ts';
import { isAdmin, isSelf, row } from './row.ts';

export const paymentActions = {
  /**
   * Paying a creator (subscribing, unlocking a post or a message, tipping, taking a free trial) has
   * two rules of its own, asked before the rules of each payment (yourself, a block, not for sale,
   * bought already: server/policies/fan-payments.ts, tips.ts, offers.ts, messages.ts):
   * - a verified email, as following, commenting and messaging need (403 EMAIL_NOT_VERIFIED);
   * - the creator's page shown in the payer's country (451, as their page answers), unless a block
   *   between them answers first. The creator themself and admins are exempt.
   * `creator` is the page paid (null: the seller has none, which the payment's own rule refuses).
   */
  'creator:pay': row<{ creator: CreatorFacts | null; blocked: boolean }>(
    [
      'POST /api/creators/:handle/subscribe',
      'POST /api/posts/:id/unlock',
      'POST /api/messages/:id/unlock',
      'POST /api/creators/:handle/tips',
      'POST /api/creators/:handle/offers/:code/claim',
    ],
    (actor, { creator, blocked }) => {
      if (actor.user === null || actor.user.isEmailVerified !== true)
        return refuse.unverified(fanPaymentMessages.verifyEmailToPay);
      if (creator && !blocked && hiddenInViewerRegion(actor.user, creator))
        return refuse.region(creatorMessages.regionBlocked);
      return null;
    },
  ),

  /**
   * A creator's own payouts: their payout account, schedule, quotes, requests and history. The
   * actor must have a creator profile (`creatorUserId`, null without one) and be that creator.
   */
  'payout:manage': row<{ creatorUserId: string | null }>(
    [
      'GET /api/payouts/settings',
      'PUT /api/payouts/settings',
      'GET /api/payouts/banks',
      'POST /api/payouts/account/resolve',
      'PUT /api/payouts/account',
      'POST /api/payouts/quote',
      'POST /api/wallet/payouts',
      'GET /api/payouts',
    ],
    (actor, facts) =>
      facts.creatorUserId !== null && isSelf(actor, facts.creatorUserId)
        ? null
        : refuse.forbidden(fanPaymentMessages.notCreator),
  ),
  /** Settling payouts, OTPs, exchange rates and reconciling: admins only. */
  'payout:settle': row<Record<string, never>>(
    [
      'GET /api/admin/payouts',
      'POST /api/admin/payouts/:id/paid',
      'POST /api/admin/payouts/:id/otp',
      'POST /api/admin/payouts/:id/verify',
      'GET /api/admin/exchange-rates',
      'PUT /api/admin/exchange-rates/:currency',
      'GET /api/admin/payouts/reconcile',
      'POST /api/admin/payouts/reconcile',
    ],
    (actor) => (isAdmin(actor) ? null : refuse.forbidden('Only admins can manage payouts')),
  ),
} as const;
