import { pathTo } from '../../../../common/routes.ts';
import { fanPaymentMessages as m, type PayWith } from '../../../../common/schemas/fan-payments.ts';
import { type TipLimits, tipMessages as t } from '../../../../common/schemas/tips.ts';
import type { RateLimiter } from '../../../adapters/rate-limit/index.ts';
import { conflict, notFound, rateLimited, validationFailed } from '../../../errors.ts';
import { formatUsd } from '../../../lib/money.ts';
import { consume, rateLimits } from '../../../lib/rate-limits.ts';
import { actorOf, assertCan } from '../../../policies/access.ts';
import type { UserRecord } from '../../../repositories/auth/users.repository.ts';
import type { FanPaymentsRepository } from '../../../repositories/billing/fan-payments/fan-payments.repository.ts';
import type { TipsRepository } from '../../../repositories/billing/fan-payments/tips.repository.ts';
import type { CreatorsRepository } from '../../../repositories/creators/creators.repository.ts';
import type { FanCheckoutService, FanPaymentStarted } from './checkout.service.ts';

/** A tip is whole cents between the operator's limits (server/config.ts `payments.tips`). */
export function assertTipAmount(amount: number, limits: TipLimits): void {
  if (!Number.isSafeInteger(amount)) throw validationFailed({ amount: t.wholeCents });
  if (amount < limits.minCents) throw validationFailed({ amount: t.tooSmall(limits.minCents) });
  if (amount > limits.maxCents) throw validationFailed({ amount: t.tooLarge(limits.maxCents) });
}

export interface TipInput {
  /** USD cents. */
  amount: number;
  note?: string | undefined;
  idempotencyKey: string;
  returnTo?: string | undefined;
  /** The checkout page (default) or the saved card in one tap. */
  payWith?: PayWith | undefined;
}

/**
 * Starting a tip: the amount within the operator's limits, a creator who may receive it, then the
 * same checkout as unlocks and subscriptions (checkout.service.ts `start`). The client's key makes
 * one payment: a double click or a retry answers the same checkout, a key already paid is refused.
 * Nothing is given here; tips-settlement.ts does it once the provider confirms the payment.
 */
export function createTipsService(deps: {
  checkout: Pick<FanCheckoutService, 'pay'>;
  payments: Pick<FanPaymentsRepository, 'findByIdempotencyKey'>;
  creators: Pick<CreatorsRepository, 'findByHandle'>;
  tips: Pick<TipsRepository, 'recipientFacts'>;
  limits: TipLimits;
  /** Caps new tip checkouts per fan (null where no tips start: the worker). */
  limiter: Pick<RateLimiter, 'consume'> | null;
}) {
  return {
    limits: (): TipLimits => deps.limits,

    async send(user: UserRecord, handle: string, input: TipInput): Promise<FanPaymentStarted> {
      assertTipAmount(input.amount, deps.limits);
      const creator = await deps.creators.findByHandle(handle);
      if (!creator) throw notFound(m.creatorNotFound);
      const facts = await deps.tips.recipientFacts(user.id, creator.userId);
      assertCan(actorOf(user), 'creator:pay', { creator, blocked: facts.blocked });
      assertCan(actorOf(user), 'creator:tip', { creator, ...facts });
      const note = input.note?.trim() ?? '';

      const earlier = await deps.payments.findByIdempotencyKey(user.id, input.idempotencyKey);
      if (earlier) {
        const same =
          earlier.purpose === 'tip' &&
          earlier.creatorUserId === creator.userId &&
          earlier.amount === input.amount &&
          (earlier.note ?? '') === note;
        if (!same) throw conflict(t.keyReused);
        if (earlier.status === 'succeeded') throw conflict(t.alreadySent);
        if (earlier.status !== 'pending') throw conflict(t.notCompleted);
      } else if (deps.limiter) {
        const wait = await consume(deps.limiter, rateLimits.tipCheckoutsPerFan, user.id);
        if (wait !== null) throw rateLimited(t.tooMany, wait);
      }

      return deps.checkout.pay(
        input.payWith,
        user,
        { idempotencyKey: input.idempotencyKey },
        {
          creatorUserId: creator.userId,
          creatorId: creator.id,
          purpose: 'tip',
          amount: input.amount,
          currency: 'USD',
          note: note === '' ? null : note,
          idempotencyKey: input.idempotencyKey,
        },
        `Tip to ${creator.displayName} (@${creator.handle}), ${formatUsd(input.amount)}`,
        input.returnTo ?? pathTo('publicProfile', { id: creator.handle }),
      );
    },
  };
}

export type TipsService = ReturnType<typeof createTipsService>;
