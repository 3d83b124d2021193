/**
 * The table of actions the access funnel (access.ts) answers. One row per action:
 *
 * - `rule`: a pure function of the actor and the facts about the resource; null allows, a refusal
 *   says how the refusal is told (403 with words, 404 when the object must not exist for the actor).
 * - `routes`: the routes that enforce it, as keyed in the authorization matrix
 *   (server/routes/hardening/access-matrix.ts). A test walks this table against the matrix, so an
 *   action cannot be added without the matrix calling the routes behind it as every actor.
 *
 * Adding an action: one row in its domain's file under actions/ (a new domain adds its spread below),
 * the facts it needs as its resource type, and the call
 * `assertCan(actor, 'thing:do', facts)` in the service (or `can(...)` for an ability the web app
 * shows).
 */
import { accountActions } from './actions/accounts.ts';
import { creatorActions } from './actions/creators.ts';
import { engagementActions } from './actions/engagement.ts';
import { mediaActions } from './actions/media.ts';
import { messageActions } from './actions/messages.ts';
import { paymentActions } from './actions/payments.ts';
import { postActions } from './actions/posts.ts';
import type { ActionRow } from './actions/row.ts';
import { safetyActions } from './actions/safety.ts';

export type { ActionRow } from './actions/row.ts';

export const actions = {
  ...accountActions,
  ...creatorActions,
  ...postActions,
  ...mediaActions,
  ...engagementActions,
  ...paymentActions,
  ...safetyActions,
  ...messageActions,
} as const;

export type Action = keyof typeof actions;
export type ResourceOf<A extends Action> = (typeof actions)[A] extends ActionRow<infer R> ? R : never;
