import { type TipLimits, tipMessages as t } from '../../common/schemas/tips.ts';
import { validationFailed } from '../errors.ts';
import type { CreatorRecord } from '../repositories/creators.repository.ts';
import { actorOf, can } from './access.ts';
import type { Viewer } from './creators.ts';

/**
 * The profile's tip button: the page's own rules of 'creator:tip' (server/policies/actions/payments.ts):
 * not yourself, no block, an approved page (a visitor is asked to sign in first). The creator's
 * account state is asked when the checkout starts.
 */
export const canTipCreator = (
  viewer: Viewer | null,
  creator: Pick<CreatorRecord, 'userId' | 'status'>,
  blocked: boolean,
) => can(actorOf(viewer), 'creator:tip', { creator, blocked });

/** A tip is whole cents between the operator's limits (server/config.ts `payments.tips`). */
export function assertTipAmount(amount: number, limits: TipLimits): void {
  if (!Number.isSafeInteger(amount)) throw validationFailed({ amount: t.wholeCents });
  if (amount < limits.minCents) throw validationFailed({ amount: t.tooSmall(limits.minCents) });
  if (amount > limits.maxCents) throw validationFailed({ amount: t.tooLarge(limits.maxCents) });
}
