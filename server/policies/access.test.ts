import { describe, expect, it } from 'vitest';
import { accessMatrix } from '../routes/hardening/access-matrix.ts';
import { actorOf, assertCan, can, refusalOf } from './access.ts';
import { actions } from './actions.ts';

const fan = actorOf({ id: 'fan', role: 'user' });
const creator = actorOf({ id: 'creator', role: 'user' });
const admin = actorOf({ id: 'admin', role: 'admin' });
const visitor = actorOf(null);

describe('the action table', () => {
  it('names, for every action, routes that the authorization matrix calls as every actor', () => {
    const missing = Object.entries(actions).flatMap(([action, row]) => [
      ...(row.routes.length === 0 ? [`${action}: no route`] : []),
      ...row.routes.filter((route) => !(route in accessMatrix)).map((route) => `${action}: ${route}`),
    ]);
    expect(missing).toEqual([]);
  });
});

describe('the access funnel', () => {
  it('answers a refusal in the words and status its row gives', () => {
    expect(refusalOf(fan, 'list:use', { ownerId: 'someone else' })).toEqual({
      code: 'NOT_FOUND',
      message: 'List not found',
    });
    expect(() => assertCan(fan, 'list:change', { ownerId: 'fan', builtIn: true })).toThrow(
      expect.objectContaining({ statusCode: 403, message: 'Favourites cannot be renamed or deleted' }),
    );
    expect(() => assertCan(fan, 'list:change', { ownerId: 'fan', builtIn: false })).not.toThrow();
  });

  it('lets the author, the post’s creator and admins delete a comment, and nobody else', () => {
    const comment = { authorId: 'fan', postOwnerId: 'creator' };
    expect(
      [fan, creator, admin, actorOf({ id: 'other', role: 'user' }), visitor].map((actor) =>
        can(actor, 'comment:delete', comment),
      ),
    ).toEqual([true, true, true, false, false]);
  });

  it('keeps comments open to the post’s creator when they are turned off', () => {
    const off = { postOwnerId: 'creator', enabled: false };
    expect(can(creator, 'comment:write', off)).toBe(true);
    expect(can(fan, 'comment:write', off)).toBe(false);
    expect(can(fan, 'comment:write', { ...off, enabled: true })).toBe(true);
    expect(can(visitor, 'comment:write', { ...off, enabled: true })).toBe(false);
  });
});
