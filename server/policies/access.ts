/**
 * The access funnel: every "may this actor do this to that?" is asked here, as
 * `can(actor, action, resource)` (a boolean, for abilities sent to the web app) or
 * `assertCan(actor, action, resource)` (throws the refusal the caller is told).
 *
 * Each action is one row of `actions` (server/policies/actions.ts): a pure function of the actor and
 * the facts about the resource, answering null (allowed) or a refusal (how the refusal is said:
 * 403 with a message, 404 so the object does not exist for this actor, 451 for a region). Services
 * gather the facts (ownership, subscriptions, blocks) and ask; they never decide inline.
 */
import { AppError } from '../errors.ts';
import { type Action, actions, type ResourceOf } from './actions.ts';
import type { Actor, Refusal } from './actor.ts';

export type { Action } from './actions.ts';
export { type Actor, actorOf, type Refusal } from './actor.ts';

/** The refusal for `action` on `resource`, or null when the actor may. */
export function refusalOf<A extends Action>(
  actor: Actor,
  action: A,
  resource: ResourceOf<A>,
): Refusal | null {
  const rule = actions[action].rule as (actor: Actor, resource: ResourceOf<A>) => Refusal | null;
  return rule(actor, resource);
}

export function can<A extends Action>(actor: Actor, action: A, resource: ResourceOf<A>): boolean {
  return refusalOf(actor, action, resource) === null;
}

/** Throws the refusal as the error the client is told (its code carries the HTTP status). */
export function assertCan<A extends Action>(actor: Actor, action: A, resource: ResourceOf<A>): void {
  const refusal = refusalOf(actor, action, resource);
  if (refusal) {
    throw new AppError(refusal.code, refusal.message, refusal.fields ? { fields: refusal.fields } : {});
  }
}

/**
 * For a fact the funnel already required (a creator page `assertCan` refused the absence of): tells
 * TypeScript it is there. Reaching the throw would mean a row let an absent object through.
 */
export function assertPresent<T>(value: T): asserts value is NonNullable<T> {
  if (value === null || value === undefined)
    throw new Error('the access funnel let an absent object through');
}
