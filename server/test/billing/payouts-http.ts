import { randomInt, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { CreatorProfile, OnboardingState } from '../../../common/schemas/creators.ts';
import type { CheckoutResponse } from '../../../common/schemas/fan-payments.ts';
import type { MediaView } from '../../../common/schemas/media.ts';
import type { PayoutDetail, PayoutSettingsView } from '../../../common/schemas/payouts.ts';
import { INITIATE_PAYOUT } from '../../jobs/payouts.ts';
import { signUpVerified } from '../accounts.ts';
import { HOUR } from '../clock.ts';
import { completeOnboarding, samplePdf, saveDraft } from '../creators.ts';
import type { FakePaystack } from '../fake-paystack.ts';
import { upload } from '../media.ts';
import { jpeg } from '../media-fixtures.ts';
import {
  adminToken,
  call,
  createFanPaymentTestApp,
  DAY,
  type FanPaymentTestApp,
  fan,
  ok,
  pay,
  settle,
  signIn,
  verify,
} from './fan-payments.ts';

/**
 * The payout endpoints over HTTP (docs/decisions/0037-payouts.md): the real app with its jobs
 * running, Paystack faked over HTTP (server/test/fake-paystack.ts), and a gate between the two that
 * can hold the app's `POST /transfer` calls (a slow network), so a test can keep the initiate job
 * busy while it does something else.
 */

/** Sits between the app and the fake Paystack; passes everything through unless told to hold. */
export interface PaystackGate {
  url: string;
  /** Calls to `route` ('POST /transfer') wait until `release()`. */
  hold(route: string): void;
  /** Resolves once a held call is waiting (the app is in the middle of that call). */
  waiting(): Promise<void>;
  /** Lets the held calls (and later ones) through. */
  release(): void;
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startPaystackGate(upstream: () => string): Promise<PaystackGate> {
  let held: string | null = null;
  let opened: () => void = () => {};
  let gate: Promise<void> = Promise.resolve();
  let waitingCount = 0;
  let onWaiting: (() => void) | null = null;

  const server = createServer((request, response) => {
    void (async () => {
      const body = await bodyOf(request);
      const route = `${request.method} ${new URL(request.url ?? '/', 'http://gate').pathname}`;
      if (held === route) {
        waitingCount += 1;
        onWaiting?.();
        await gate;
      }
      const headers: Record<string, string> = {};
      for (const name of ['authorization', 'content-type']) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const answer = await fetch(`${upstream()}${request.url ?? '/'}`, {
        method: request.method ?? 'GET',
        headers,
        ...(request.method === 'GET' || request.method === 'HEAD' ? {} : { body }),
      });
      response.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
      });
      response.end(Buffer.from(await answer.arrayBuffer()));
    })().catch((error: unknown) => {
      response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hold(route) {
      held = route;
      waitingCount = 0;
      gate = new Promise((resolve) => {
        opened = resolve;
      });
    },
    waiting() {
      if (waitingCount > 0) return Promise.resolve();
      return new Promise((resolve) => {
        onWaiting = () => {
          onWaiting = null;
          resolve();
        };
      });
    },
    release() {
      held = null;
      opened();
    },
    close() {
      opened();
      return new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
    },
  };
}

export interface PayoutsTestApp extends FanPaymentTestApp {
  fake: FakePaystack;
  gate: PaystackGate;
}

/** A creator past the earnings hold, with a fresh session. */
export interface FundedCreator {
  email: string;
  password: string;
  token: string;
  user: { id: string };
  handle: string;
  /** What the tip left them after the platform's fee (USD cents), all of it available. */
  earnedCents: number;
}

/**
 * An approved creator, onboarded over HTTP like `creator()` (server/test/billing/fan-payments.ts)
 * but with small pictures: their processing is most of a creator's cost, and these tests need many.
 */
async function quickCreator(t: FanPaymentTestApp, picture: Buffer) {
  const account = await signUpVerified(t);
  const media = async (target: 'profile' | 'banner' | 'identity-document') => {
    const part =
      target === 'identity-document'
        ? { data: samplePdf, filename: 'passport.pdf', type: 'application/pdf' }
        : { data: picture };
    return ok<MediaView>(upload(t, target, account.token, part), 201);
  };
  const [photo, document, banner] = await Promise.all([
    media('profile'),
    media('identity-document'),
    media('banner'),
  ]);
  const saved = await saveDraft(t, account.token, 'post', {
    country: 'Nigeria',
    identity: 'Female',
    profilePhotoId: photo.id,
    displayName: 'Adaeze Studio',
    handle: `payee_${randomUUID().replaceAll('-', '').slice(0, 10)}`,
    documentId: document.id,
    documentName: 'passport.pdf',
    bannerId: banner.id,
    bio: 'Photos from Lagos.',
    monthlyPrice: '10.00',
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const done = await ok<OnboardingState>(completeOnboarding(t, account.token), 201);
  const creatorId = done.creator?.id ?? '';
  const approved = await call(t, 'POST', `/api/admin/creators/${creatorId}/approve`, t.admin.token);
  expect(approved.statusCode, approved.body).toBe(200);
  return { ...account, creator: approved.json<CreatorProfile>() };
}

/**
 * The app on the fake Paystack with jobs running, and `count` creators each tipped `tipCents`
 * (the largest tip by default) long enough ago for it to be past the hold. The clock is first
 * moved back by the hold, so that once it is over the app's clock is again an hour ahead of the
 * real one: the fake Paystack stamps transfers with the real time, and reconciliation asks it for
 * the transfers of the app's last two days.
 */
export async function createPayoutsTestApp(
  count: number,
  options: { tipCents?: number } = {},
): Promise<{ t: PayoutsTestApp; creators: FundedCreator[] }> {
  let upstream = '';
  const gate = await startPaystackGate(() => upstream);
  const base = await createFanPaymentTestApp('paystack', {
    runJobs: true,
    env: { PAYSTACK_BASE_URL: gate.url },
  });
  if (!base.fake) throw new Error('no fake Paystack');
  upstream = base.fake.url;
  const close = base.close;
  const t = Object.assign(base, {
    fake: base.fake,
    gate,
    async close() {
      gate.release();
      await close();
      await gate.close();
    },
  }) as PayoutsTestApp;

  try {
    return { t, creators: await fundCreators(t, count, options.tipCents) };
  } catch (error) {
    await t.close();
    throw error;
  }
}

async function fundCreators(
  t: PayoutsTestApp,
  count: number,
  tip: number | undefined,
): Promise<FundedCreator[]> {
  const holdMs = (t.config.payments.earningsHoldDays + 1) * DAY;
  t.clock.advance(-holdMs);
  await adminToken(t);
  const tipCents = tip ?? t.config.payments.tips.maxCents;
  const giver = await fan(t, { firstName: 'Chidi', lastName: 'Okeke' });
  const small = await jpeg(200, 200);
  const fee = Math.round((tipCents * t.config.payments.platformFeePercent) / 100);
  // Made side by side: each is its own sign-up, onboarding (with uploads) and tip.
  const made = await Promise.all(
    Array.from({ length: count }, async () => {
      const owner = await quickCreator(t, small);
      const checkout = await ok<CheckoutResponse>(
        call(t, 'POST', `/api/creators/${owner.creator.handle}/tips`, giver.token, {
          amount: tipCents,
          idempotencyKey: `tip-${randomUUID()}`,
        }),
      );
      await pay(t, checkout);
      expect((await verify(t, giver.token, checkout.reference)).status).toBe('succeeded');
      return {
        email: owner.email,
        password: owner.password,
        user: { id: owner.user.id },
        handle: owner.creator.handle,
        earnedCents: tipCents - fee,
      };
    }),
  );
  await settle(t);
  t.clock.advance(holdMs + HOUR);
  const creators = await Promise.all(
    made.map(async (person): Promise<FundedCreator> => ({ ...person, token: await signIn(t, person) })),
  );
  await adminToken(t);
  return creators;
}

/** A ten-digit account number the fake's bank has not seen yet. */
export const newAccountNumber = () => `0${String(randomInt(100_000_000, 999_999_999))}`;

export const GTB = { country: 'NG', bankCode: '058' } as const;

/** The fake's bank gets an account, and the creator makes it their payout account (over HTTP). */
export async function payoutAccount(
  t: PayoutsTestApp,
  owner: FundedCreator,
  accountName = 'ADAEZE NWOSU',
): Promise<{ accountNumber: string; settings: PayoutSettingsView }> {
  const accountNumber = newAccountNumber();
  t.fake.transfers.addAccount({ bankCode: GTB.bankCode, accountNumber, accountName });
  const settings = await ok<PayoutSettingsView>(
    call(t, 'PUT', '/api/payouts/account', owner.token, {
      ...GTB,
      accountNumber,
      currentPassword: owner.password,
    }),
  );
  return { accountNumber, settings };
}

/** The initiate-payout job queued for a payout, run to its end by the app's own worker. */
export async function initiated(t: PayoutsTestApp, payoutId: string): Promise<string> {
  const { rows } = await t.app.services.database.sql.executeSql(
    "select id from pgboss.job where name = $1 and data->>'payoutId' = $2",
    [INITIATE_PAYOUT, payoutId],
  );
  expect(rows, `one ${INITIATE_PAYOUT} job for ${payoutId}`).toHaveLength(1);
  const { id } = rows[0] as { id: string };
  return t.app.services.queue.waitFor(INITIATE_PAYOUT, id, 20_000);
}

/** The creator's payouts, newest first. */
export async function payoutsOf(t: PayoutsTestApp, token: string): Promise<PayoutDetail[]> {
  return (await ok<{ items: PayoutDetail[] }>(call(t, 'GET', '/api/payouts?limit=50', token))).items;
}

export async function payoutOf(t: PayoutsTestApp, token: string, id: string): Promise<PayoutDetail> {
  const found = (await payoutsOf(t, token)).find((payout) => payout.id === id);
  if (!found) throw new Error(`payout ${id} not in the creator's history`);
  return found;
}

/** The transfer as the fake Paystack holds it (its own verify endpoint). */
export async function transferAtFake(
  t: PayoutsTestApp,
  reference: string,
): Promise<{
  amount: number;
  currency: string;
  status: string;
  reference: string;
  recipient: { recipient_code: string; details: { account_number: string } };
}> {
  const answer = await fetch(`${t.fake.url}/transfer/verify/${reference}`, {
    headers: { authorization: `Bearer ${t.fake.secretKey}` },
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: never }).data;
}

/** How many transfers the app asked the fake Paystack to make so far. */
export const transfersAsked = (t: PayoutsTestApp) =>
  t.fake.calls.filter((line) => line === 'POST /transfer').length;
