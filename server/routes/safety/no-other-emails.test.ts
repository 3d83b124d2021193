import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransactionList } from '../../../common/schemas/fan-payments.ts';
import type { Conversation } from '../../../common/schemas/messages.ts';
import {
  call,
  createFanPaymentTestApp,
  creator,
  type FanPaymentTestApp,
  fan,
  ok,
  ppvPost,
  settle,
  subscribed,
  unlocked,
} from '../../test/billing/fan-payments.ts';

/**
 * GET routes this walk does not call, each with the reason. Every other GET route of the API is
 * called as a fan and as a creator, so a new list route is walked without anyone remembering to.
 */
const notWalked: Record<string, string> = {
  '/api/events': 'an event stream that never ends; its events are the notifications walked here',
  '/api/comments/live': 'an event stream that never ends; it carries post ids and comment counts only',
  '/api/me/exports/{id}/download':
    "a zip of the caller's own data (decision 0011), compressed so text cannot be searched",
  '/api/media/{id}': 'image and video bytes',
  '/api/media/{id}/{variant}': 'image and video bytes',
  '/api/media/{id}/{variant}/{file}': 'video segment bytes',
  '/api/auth/google/start': 'a redirect to the OpenID provider',
  '/api/auth/google/callback': 'a redirect back from the OpenID provider',
};

describe('no response to one user carries another user’s email', () => {
  let t: FanPaymentTestApp;
  const people: { email: string; token: string }[] = [];
  const fill: Record<string, string[]> = {};

  beforeAll(async () => {
    t = await createFanPaymentTestApp('sandbox');
    // A creator with posts, a fan who follows, likes, subscribes, unlocks, writes and reports; a
    // second creator the fan blocked; a second fan the first creator blocked.
    const owner = await creator(t, '10.00');
    const other = await creator(t, '5.00');
    const buyer = await fan(t, { firstName: 'Grace', lastName: 'Hopper' });
    const blockedFan = await fan(t, { firstName: 'Mallory', lastName: 'Stone' });
    const paid = await ppvPost(t, owner.token, '3.00');
    const posts = [paid.id, (await ppvPost(t, other.token, '2.00')).id];
    await subscribed(t, buyer.token, owner.creator.handle);
    await unlocked(t, buyer.token, paid.id);
    await subscribed(t, blockedFan.token, owner.creator.handle);
    await ok(call(t, 'POST', `/api/creators/${owner.creator.handle}/follow`, buyer.token));
    await ok(call(t, 'POST', `/api/posts/${paid.id}/like`, buyer.token));
    const opened = await call(t, 'POST', '/api/conversations', buyer.token, { userId: owner.user.id });
    expect(opened.statusCode, opened.body).toBeLessThan(300);
    const conversation = opened.json<Conversation>();
    await call(t, 'POST', `/api/conversations/${conversation.id}/messages`, buyer.token, { text: 'Hello!' });
    await call(t, 'POST', `/api/conversations/${conversation.id}/messages`, owner.token, {
      text: 'Hi Grace',
    });
    await call(t, 'POST', '/api/reports', buyer.token, {
      targetType: 'post',
      targetId: posts[1],
      reason: 'spam',
    });
    const comment = await ok<{ id: string }>(
      call(t, 'POST', `/api/posts/${paid.id}/comments`, buyer.token, { text: 'Worth it' }),
      201,
    );
    await ok(
      call(t, 'POST', `/api/posts/${paid.id}/comments`, owner.token, {
        text: 'Thanks!',
        parentId: comment.id,
      }),
      201,
    );
    const list = await ok<{ id: string }>(
      call(t, 'POST', '/api/lists', buyer.token, { name: 'Close friends' }),
      201,
    );
    await ok(
      t.app.inject({
        method: 'PUT',
        url: `/api/lists/${list.id}/creators/${owner.creator.id}`,
        headers: { authorization: `Bearer ${buyer.token}` },
      }),
    );
    // A list of fans and a mass message to the subscribers (the creator's stats name no one).
    const fanList = await ok<{ id: string }>(
      call(t, 'POST', '/api/fan-lists', owner.token, { name: 'Regulars' }),
      201,
    );
    await ok(call(t, 'PUT', `/api/fan-lists/${fanList.id}/members/${buyer.user.id}`, owner.token), 204);
    const mass = await ok<{ id: string }>(
      call(t, 'POST', '/api/mass-messages', owner.token, {
        audience: 'list',
        listId: fanList.id,
        text: 'Hi all',
      }),
      202,
    );
    const offer = await ok<{ code: string }>(
      call(t, 'POST', '/api/creators/me/offers', owner.token, { kind: 'trial', trialDays: 7 }),
      201,
    );
    await ok(call(t, 'POST', '/api/me/blocks', buyer.token, { userId: other.user.id }));
    await ok(call(t, 'POST', '/api/me/blocks', owner.token, { userId: blockedFan.user.id }));
    await settle(t);

    people.push(owner, other, buyer, blockedFan, { email: t.admin.email, token: t.admin.token });
    const transactionIds = async (token: string) =>
      (await ok<TransactionList>(call(t, 'GET', '/api/me/transactions?limit=100', token))).items.map(
        (row) => row.id,
      );
    fill['/api/creators/{handle}'] = [owner.creator.handle, other.creator.handle];
    fill['/api/creators/{handle}/posts'] = fill['/api/creators/{handle}'];
    fill['/api/creators/{handle}/subscription'] = fill['/api/creators/{handle}'];
    fill['/api/posts/{id}'] = posts;
    fill['/api/posts/{id}/comments'] = posts;
    fill['/api/comments/{id}/replies'] = [comment.id];
    fill['/api/lists/{id}/creators'] = [list.id];
    fill['/api/lists/{id}/posts'] = [list.id];
    fill['/api/creators/{handle}/lists'] = [owner.creator.handle];
    fill['/api/conversations/{id}'] = [conversation.id];
    fill['/api/mass-messages/{id}'] = [mass.id];
    fill['/api/creators/{handle}/offers/{code}'] = [`${owner.creator.handle}|${offer.code}`];
    fill['/api/conversations/{id}/messages'] = [conversation.id];
    fill['/api/me/transactions/{id}'] = [
      ...(await transactionIds(buyer.token)),
      ...(await transactionIds(owner.token)),
    ];
    fill['/api/admin/support/{id}'] = ['00000000-0000-7000-8000-000000000000'];
    const checkouts = (
      await ok<TransactionList>(call(t, 'GET', '/api/me/transactions?limit=100', buyer.token))
    ).items.map((row) => row.transactionId);
    fill['/api/payments/sandbox/checkout/{reference}'] = checkouts;
    fill.__as = [buyer.token, owner.token];
  }, 120_000);

  afterAll(async () => {
    await t.close();
  });

  it('walks every GET route as a fan and as a creator', async () => {
    const spec = (await call(t, 'GET', '/api/openapi.json')).json<{
      paths: Record<string, { get?: object }>;
    }>();
    const paths = Object.entries(spec.paths)
      .filter(([path, operations]) => operations.get && !(path in notWalked))
      .map(([path]) => path);
    expect(paths.length).toBeGreaterThan(30);
    const [buyerToken, ownerToken] = fill.__as as [string, string];
    let walked = 0;
    for (const path of paths) {
      const params = path.match(/\{[^}]+\}/g);
      let urls: string[];
      if (!params) urls = [path];
      else {
        const values = fill[path];
        expect(
          values,
          `no values for ${path}: add them to the walk or to notWalked with a reason`,
        ).toBeTruthy();
        // A value per parameter, in order, joined by '|' (for paths with more than one).
        urls = (values ?? []).map((value) =>
          value.split('|').reduce((url, part) => url.replace(/\{[^}]+\}/, encodeURIComponent(part)), path),
        );
      }
      for (const url of urls) {
        for (const token of [buyerToken, ownerToken]) {
          const response = await call(t, 'GET', `${url}${url.includes('?') ? '&' : '?'}limit=100`, token);
          walked += 1;
          const others = people.filter((person) => person.token !== token).map((person) => person.email);
          for (const email of others)
            expect(
              response.body.toLowerCase(),
              `${url} as ${token === buyerToken ? 'fan' : 'creator'}`,
            ).not.toContain(email.toLowerCase());
        }
      }
    }
    expect(walked).toBeGreaterThan(60);
  }, 120_000);

  it('still finds the fan’s own address in their own account', async () => {
    const [buyerToken] = fill.__as as [string];
    const own = await call(t, 'GET', '/api/auth/profile', buyerToken);
    expect(own.body).toContain('@example.com');
    // And a walked list does name the other side: the creator's subscriber list names the fan.
    const [, ownerToken] = fill.__as as [string, string];
    const subscribers = await call(t, 'GET', '/api/creators/me/subscribers', ownerToken);
    expect(subscribers.body).toContain('Grace Hopper');
  });
});
