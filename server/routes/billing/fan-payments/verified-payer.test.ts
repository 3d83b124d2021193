import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '../../../../common/schemas/auth.ts';
import { fanPaymentMessages } from '../../../../common/schemas/fan-payments.ts';
import type { ChatMessage, Conversation } from '../../../../common/schemas/messages.ts';
import type { CreatorOffer } from '../../../../common/schemas/offers.ts';
import { creatorSubscriptions } from '../../../db/schema/index.ts';
import { GOOD_PASSWORD, signUp } from '../../../test/accounts.ts';
import {
  call,
  createFanPaymentTestApp,
  creator,
  db,
  type FanPaymentTestApp,
  ledgerBalanced,
  ok,
  paymentsOf,
  ppvPost,
  settle,
} from '../../../test/billing/fan-payments.ts';
import { uploadedPhoto } from '../../../test/media.ts';

/**
 * Paying a creator needs a verified email, as following, commenting and messaging do: an account
 * that has not verified its address starts no checkout, no tip and no trial.
 */
describe('an unverified account pays no creator', () => {
  let t: FanPaymentTestApp;
  beforeAll(async () => {
    t = await createFanPaymentTestApp('sandbox', { runJobs: true });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });
  afterEach(async () => {
    await settle(t);
    await ledgerBalanced(t);
  });

  it('refuses subscribing, unlocking a post or a message, tipping and a trial with 403 EMAIL_NOT_VERIFIED, then allows them once verified', async () => {
    const owner = await creator(t);
    const handle = owner.creator.handle;
    const forSale = await ppvPost(t, owner.token);
    const trial = await ok<CreatorOffer>(
      call(t, 'POST', '/api/creators/me/offers', owner.token, { kind: 'trial', trialDays: 7 }),
      201,
    );

    // Signed up and signed in, the email not verified yet.
    const account = await signUp(t);
    const signin = await ok<AuthResponse>(
      call(t, 'POST', '/api/auth/signin', undefined, { email: account.email, password: GOOD_PASSWORD }),
    );
    expect(signin.user.isEmailVerified).toBe(false);
    const userId = signin.user.id;

    // The creator writes to them first and asks a price for a photo.
    const chat = await ok<Conversation>(call(t, 'POST', '/api/conversations', owner.token, { userId }));
    const priced = await ok<ChatMessage>(
      call(t, 'POST', `/api/conversations/${chat.id}/messages`, owner.token, {
        text: 'For you',
        mediaIds: [await uploadedPhoto(t, owner.token)],
        price: '3.00',
      }),
      201,
    );

    const payments = [
      ['POST', `/api/creators/${handle}/subscribe`, { plan: 'monthly' }],
      ['POST', `/api/posts/${forSale.id}/unlock`, {}],
      ['POST', `/api/messages/${priced.id}/unlock`, undefined],
      ['POST', `/api/creators/${handle}/tips`, { amount: 500, idempotencyKey: `unverified-${randomUUID()}` }],
      ['POST', `/api/creators/${handle}/offers/${trial.code}/claim`, { renew: false }],
    ] as const;
    const answers: Record<string, unknown> = {};
    for (const [method, url, body] of payments) {
      const answer = await call(t, method, url, signin.token, body);
      answers[url] =
        answer.statusCode < 400
          ? { status: answer.statusCode }
          : { status: answer.statusCode, code: answer.json().code, message: answer.json().message };
    }
    const refusal = { status: 403, code: 'EMAIL_NOT_VERIFIED', message: fanPaymentMessages.verifyEmailToPay };
    expect(answers).toEqual(Object.fromEntries(payments.map(([, url]) => [url, refusal])));
    expect(await paymentsOf(t, userId)).toEqual([]);
    expect(
      await db(t).select().from(creatorSubscriptions).where(eq(creatorSubscriptions.fanId, userId)),
    ).toEqual([]);

    // Verified, the same account pays.
    const verified = await ok<AuthResponse>(
      call(t, 'POST', '/api/auth/verify-email', undefined, { email: account.email, code: account.code }),
    );
    for (const [method, url, body] of payments) {
      const answer = await call(t, method, url, verified.token, body);
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
    }
    expect((await paymentsOf(t, userId)).map((payment) => payment.purpose).sort()).toEqual(
      ['message_unlock', 'post_unlock', 'subscription_start', 'tip'].sort(),
    );
  }, 60_000);
});
