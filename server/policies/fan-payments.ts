/**
 * The fan payment rules are rows of the action table (server/policies/actions/payments.ts); the
 * names below stay for the modules that import them from here.
 */
import type { CreatorRecord } from '../repositories/creators.repository.ts';
import { actorOf, can } from './access.ts';
import type { Viewer } from './creators.ts';

export { hasAccess } from './actions/payments.ts';

/**
 * The profile's Subscribe Now (a visitor is asked to sign in first): the page's own rules of
 * 'creator:subscribe'. Whether a subscription still renews is the answer of
 * `GET /api/creators/:handle/subscription`.
 */
export const canSubscribeToCreator = (
  viewer: Viewer | null,
  creator: Pick<CreatorRecord, 'userId' | 'status'>,
  blocked: boolean,
) => can(actorOf(viewer), 'creator:subscribe', { creator, blocked, subscription: null, now: new Date(0) });
