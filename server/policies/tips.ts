import { type TipLimits, tipMessages as t } from '../../common/schemas/tips.ts';
import { forbidden, validationFailed } from '../errors.ts';
import type { CreatorRecord } from '../repositories/creators.repository.ts';
import type { UserRecord } from '../repositories/users.repository.ts';
import { canHoldSession } from './account-status.ts';
import { isOwnerOf, type Viewer } from './creators.ts';

export interface TipFacts {
  /** A block between the fan and the creator, either way. */
  blocked: boolean;
  /** The creator's account (null: gone). */
  creatorUser: Pick<UserRecord, 'suspendedAt' | 'deletedAt'> | null;
}

/**
 * Why this fan may not tip this creator (null when they may): yourself, a block either way, or a
 * creator page that is not approved or whose account is suspended or deleted. Checked when the
 * checkout starts and again when the payment settles (a refusal then is refunded).
 */
export function tipRefusal(
  viewer: Viewer,
  creator: Pick<CreatorRecord, 'userId' | 'status'> | null,
  facts: TipFacts,
): string | null {
  if (!creator) return t.notAccepting;
  const page = pageTipRefusal(viewer, creator, facts.blocked);
  if (page) return page;
  if (!facts.creatorUser || !canHoldSession(facts.creatorUser)) return t.notAccepting;
  return null;
}

function pageTipRefusal(
  viewer: Viewer | null,
  creator: Pick<CreatorRecord, 'userId' | 'status'>,
  blocked: boolean,
): string | null {
  if (isOwnerOf(viewer, creator)) return t.yourself;
  if (blocked) return t.blocked;
  if (creator.status !== 'approved') return t.notAccepting;
  return null;
}

/**
 * The profile's tip button: not yourself, no block, an approved page (a visitor is asked to sign in
 * first). The creator's account state is `tipRefusal`'s, when the checkout starts.
 */
export const canTipCreator = (
  viewer: Viewer | null,
  creator: Pick<CreatorRecord, 'userId' | 'status'>,
  blocked: boolean,
) => pageTipRefusal(viewer, creator, blocked) === null;

export function assertCanTip(
  viewer: Viewer,
  creator: Pick<CreatorRecord, 'userId' | 'status'>,
  facts: TipFacts,
): void {
  const problem = tipRefusal(viewer, creator, facts);
  if (problem) throw forbidden(problem);
}

/** A tip is whole cents between the operator's limits (server/config.ts `payments.tips`). */
export function assertTipAmount(amount: number, limits: TipLimits): void {
  if (!Number.isSafeInteger(amount)) throw validationFailed({ amount: t.wholeCents });
  if (amount < limits.minCents) throw validationFailed({ amount: t.tooSmall(limits.minCents) });
  if (amount > limits.maxCents) throw validationFailed({ amount: t.tooLarge(limits.maxCents) });
}
