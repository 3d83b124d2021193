import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { creatorMessages } from '../../../common/schemas/creators.ts';
import type { ChatMessage, Conversation } from '../../../common/schemas/messages.ts';
import type { CreatorOffer } from '../../../common/schemas/offers.ts';
import { creatorSubscriptions } from '../../db/schema/index.ts';
import { type AccountsTestApp, bearer, signUpVerified, uniqueEmail } from '../../test/accounts.ts';
import {
  call,
  createFanPaymentTestApp,
  db,
  type FanPaymentTestApp,
  fan as fanOf,
  ledgerBalanced,
  ok,
  creator as paidCreator,
  paymentsOf,
  ppvPost,
  settle,
} from '../../test/billing/fan-payments.ts';
import { buildCreator, buildPost } from '../../test/creators.ts';
import { createMediaTestApp, uploadedPhoto } from '../../test/media.ts';

// Addresses from known ranges of the GeoLite2 country database.
const UK = '81.2.69.160';
const US = '8.8.8.8';

describe('geo-blocking: a creator hides their page, posts and media from chosen countries', () => {
  let t: AccountsTestApp;
  const adminEmail = uniqueEmail('admin');
  let admin: { token: string };
  beforeAll(async () => {
    // Behind a proxy on 127.0.0.1: the client address comes from X-Forwarded-For.
    t = await createMediaTestApp({ ADMIN_EMAILS: adminEmail, TRUST_PROXY: '127.0.0.1' });
    admin = await signUpVerified(t, { email: adminEmail });
  });
  afterAll(async () => {
    await t.close();
  });

  const from = (ip: string, url: string, token?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': ip, ...(token ? bearer(token) : {}) },
    });

  it('answers the region message on every route that shows the creator, and leaves them out of lists', async () => {
    const creator = await buildCreator(t, { approveWith: admin.token });
    const post = await buildPost(t, creator.token, { youtube: true });
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/creators/me/blocked-countries',
      payload: { countries: ['gb', 'FR', 'GB'] },
      headers: bearer(creator.token),
    });
    expect(set.json()).toEqual({ countries: ['FR', 'GB'] });
    const avatar = new URL(String(creator.creator.avatarUrl), 'http://x').pathname.replace(/^\/api/, '/api');
    const handle = creator.creator.handle;
    const direct = [
      `/api/creators/${handle}`,
      `/api/creators/${handle}/posts`,
      `/api/posts/${post.id}`,
      avatar,
    ];

    for (const url of direct) {
      const blocked = await from(UK, url);
      expect(blocked.statusCode, url).toBe(451);
      expect(blocked.json(), url).toMatchObject({
        code: 'REGION_BLOCKED',
        message: creatorMessages.regionBlocked,
      });
      expect((await from(US, url)).statusCode, url).toBe(200);
      // Admins are exempt, and so is the creator.
      expect((await from(UK, url, admin.token)).statusCode, url).toBe(200);
      expect((await from(UK, url, creator.token)).statusCode, url).toBe(200);
    }

    const lists = [
      [
        '/api/discover?limit=100',
        (body: { items: { id: string }[] }) => body.items.map((item) => item.id),
        post.id,
      ],
      [
        `/api/search?q=${encodeURIComponent(handle)}&limit=50`,
        (body: { creators?: { handle: string }[]; items?: { handle: string }[] }) =>
          (body.creators ?? body.items ?? []).map((item) => item.handle),
        handle,
      ],
      [
        '/api/creators?limit=100',
        (body: { items: { handle: string }[] }) => body.items.map((item) => item.handle),
        handle,
      ],
    ] as const;
    for (const [url, pick, expected] of lists) {
      const uk = pick((await from(UK, url)).json());
      const us = pick((await from(US, url)).json());
      expect(uk, url).not.toContain(expected);
      expect(us, url).toContain(expected);
    }

    // A signed-in visitor from there too; a forged X-Forwarded-For from an untrusted address is ignored.
    const fan = await signUpVerified(t);
    expect((await from(UK, `/api/creators/${handle}`, fan.token)).statusCode).toBe(451);
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/creators/${handle}`,
      remoteAddress: UK,
      headers: { 'x-forwarded-for': US },
    });
    expect(forged.statusCode).toBe(451);

    // Cleared, the page is back.
    await t.app.inject({
      method: 'PUT',
      url: '/api/creators/me/blocked-countries',
      payload: { countries: [] },
      headers: bearer(creator.token),
    });
    expect((await from(UK, `/api/creators/${handle}`)).statusCode).toBe(200);
  });

  it('refuses codes that are not countries, and a page for someone who is not a creator', async () => {
    const creator = await buildCreator(t, { approveWith: admin.token });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/creators/me/blocked-countries',
      payload: { countries: ['Great Britain'] },
      headers: bearer(creator.token),
    });
    expect(bad.statusCode).toBe(400);
    const fan = await signUpVerified(t);
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/creators/me/blocked-countries',
      headers: bearer(fan.token),
    });
    expect(none.statusCode).toBe(404);
  });
});

describe('geo-blocking: nothing of a creator is sold where their page is not shown', () => {
  let t: FanPaymentTestApp;
  beforeAll(async () => {
    t = await createFanPaymentTestApp('sandbox', {
      runJobs: true,
      env: { TRUST_PROXY: '127.0.0.1' },
    });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });
  afterEach(async () => {
    await settle(t);
    await ledgerBalanced(t);
  });

  /** A request from `ip` (through the trusted proxy on 127.0.0.1). */
  const from = (ip: string, method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': ip, ...(token ? bearer(token) : {}) },
      ...(payload ? { payload } : {}),
    });

  /** The status, and an error's code and message. */
  const answerOf = (answer: { statusCode: number; json: () => { code?: unknown; message?: unknown } }) => {
    if (answer.statusCode < 400) return { status: answer.statusCode };
    const { code, message } = answer.json();
    return { status: answer.statusCode, code, message };
  };

  const subscriptionsOf = (fanId: string) =>
    db(t).select().from(creatorSubscriptions).where(eq(creatorSubscriptions.fanId, fanId));

  it('answers the region message to tips, unlocks, subscribing, trials, the plans and offer pages, and takes no payment', async () => {
    const owner = await paidCreator(t);
    const handle = owner.creator.handle;
    const forSale = await ppvPost(t, owner.token);
    const trial = await ok<CreatorOffer>(
      call(t, 'POST', '/api/creators/me/offers', owner.token, { kind: 'trial', trialDays: 7 }),
      201,
    );
    /** A fan with a pay-per-view message from the creator waiting in their conversation. */
    async function fanWithPricedMessage() {
      const someone = await fanOf(t);
      const chat = await ok<Conversation>(
        call(t, 'POST', '/api/conversations', someone.token, { userId: owner.user.id }),
      );
      const priced = await ok<ChatMessage>(
        call(t, 'POST', `/api/conversations/${chat.id}/messages`, owner.token, {
          text: 'For you',
          mediaIds: [await uploadedPhoto(t, owner.token)],
          price: '3.00',
        }),
        201,
      );
      return { ...someone, messageId: priced.id };
    }
    const ukFan = await fanWithPricedMessage();
    const usFan = await fanWithPricedMessage();
    await ok(call(t, 'PUT', '/api/creators/me/blocked-countries', owner.token, { countries: ['GB'] }));

    const routes = (messageId: string) =>
      [
        ['GET', `/api/creators/${handle}/subscription`, undefined],
        ['GET', `/api/creators/${handle}/offers/${trial.code}`, undefined],
        ['POST', `/api/creators/${handle}/tips`, { amount: 500, idempotencyKey: `geo-${randomUUID()}` }],
        ['POST', `/api/posts/${forSale.id}/unlock`, {}],
        ['POST', `/api/messages/${messageId}/unlock`, undefined],
        ['POST', `/api/creators/${handle}/subscribe`, { plan: 'monthly' }],
        ['POST', `/api/creators/${handle}/offers/${trial.code}/claim`, { renew: false }],
      ] as const;

    const answers: Record<string, unknown> = {};
    for (const [method, url, body] of routes(ukFan.messageId)) {
      const answer = await from(UK, method, url, ukFan.token, body);
      answers[`${method} ${url}`] = answerOf(answer);
    }
    const regionRefusal = { status: 451, code: 'REGION_BLOCKED', message: creatorMessages.regionBlocked };
    expect(answers).toEqual(
      Object.fromEntries(routes(ukFan.messageId).map(([method, url]) => [`${method} ${url}`, regionRefusal])),
    );
    // Signed out too, on the pages anyone may open.
    for (const url of [
      `/api/creators/${handle}/subscription`,
      `/api/creators/${handle}/offers/${trial.code}`,
    ])
      expect((await from(UK, 'GET', url)).statusCode, url).toBe(451);
    expect(await paymentsOf(t, ukFan.user.id)).toEqual([]);
    expect(await subscriptionsOf(ukFan.user.id)).toEqual([]);

    // The creator themself still sees their plans and offer from there.
    expect((await from(UK, 'GET', `/api/creators/${handle}/subscription`, owner.token)).statusCode).toBe(200);
    expect(
      (await from(UK, 'GET', `/api/creators/${handle}/offers/${trial.code}`, owner.token)).statusCode,
    ).toBe(200);

    // From elsewhere, every one of them works.
    for (const [method, url, body] of routes(usFan.messageId)) {
      const allowed = await from(US, method, url, usFan.token, body);
      expect(allowed.statusCode, `${method} ${url}: ${allowed.body}`).toBe(200);
    }
    expect((await paymentsOf(t, usFan.user.id)).map((payment) => payment.purpose).sort()).toEqual(
      ['message_unlock', 'post_unlock', 'subscription_start', 'tip'].sort(),
    );
  }, 60_000);
});
