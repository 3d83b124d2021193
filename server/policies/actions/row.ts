/** One row of the action table (server/policies/actions.ts) and the small facts rules share. */
import type { Actor, Refusal } from '../actor.ts';

export interface ActionRow<Resource> {
  rule: (actor: Actor, resource: Resource) => Refusal | null;
  routes: readonly string[];
}

export const row = <Resource>(
  routes: readonly string[],
  rule: (actor: Actor, resource: Resource) => Refusal | null,
): ActionRow<Resource> => ({ rule, routes });

export const isSelf = (actor: Actor, userId: string) => actor.user !== null && actor.user.id === userId;
export const isAdmin = (actor: Actor) => actor.user?.role === 'admin';
