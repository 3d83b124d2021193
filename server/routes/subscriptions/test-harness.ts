import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { BillingPeriod, PlanId } from '../../../common/plans.ts';
import type {
  CurrentSubscriptionResponse,
  InitializePaymentResponse,
  VerifyPaymentResponse,
} from '../../../common/schemas/subscriptions.ts';
import type { WebhookDelivery } from '../../adapters/payments/webhook-delivery.ts';
import {
  ledgerEntries,
  ledgerTransactions,
  payments,
  sandboxTransactions,
  subscriptions,
} from '../../db/schema/index.ts';
import { assertLedgerBalanced } from '../../repositories/ledger.repository.ts';
import type { AccountsTestApp } from '../../test/accounts.ts';
import { get, post, signUpVerified } from '../../test/accounts.ts';
import { createTestClock } from '../../test/clock.ts';
import { type FakePaystack, startFakePaystack } from '../../test/fake-paystack.ts';
import { createTestApp } from '../../test/helpers.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';

export type DriverName = 'sandbox' | 'paystack';
export const drivers: DriverName[] = ['sandbox', 'paystack'];

export const DAY = 24 * 60 * 60 * 1000;

/** The real app on a real database with one payment driver: the sandbox, or Paystack faked over HTTP. */
export interface PaymentsTestApp extends AccountsTestApp {
  driver: DriverName;
  fake: FakePaystack | null;
}

export async function createPaymentsTestApp(
  driver: DriverName,
  options: { runJobs?: boolean } = {},
): Promise<PaymentsTestApp> {
  const fake = driver === 'paystack' ? await startFakePaystack() : null;
  const smtp = await startSmtpCapture();
  const clock = createTestClock();
  const env: Record<string, string> = fake
    ? { PAYSTACK_SECRET_KEY: fake.secretKey, PAYSTACK_BASE_URL: fake.url }
    : {};
  const t = await createTestApp({ SMTP_URL: smtp.url, ...env }, { runJobs: options.runJobs ?? false, clock });
  const harness: PaymentsTestApp = {
    ...t,
    smtp,
    clock,
    driver,
    fake,
    async close() {
      await settle(harness);
      // pg's Pool.end() resolves before its sockets have closed, and the cleanup's DROP DATABASE
      // WITH (FORCE) would then kill them mid-close (an uncaught 57P01): close first, let them go.
      await t.app.close();
      await new Promise((resolve) => setTimeout(resolve, 250));
      await t.close();
      await smtp.close();
      await fake?.close();
    },
  };
  fake?.onWebhook((webhook) => deliver(harness, webhook));
  return harness;
}

export const db = (t: PaymentsTestApp) => t.app.services.database.db;
export const services = (t: PaymentsTestApp) => t.app.services.payments;

/** Waits until every webhook the provider sent so far has been handled. */
export async function settle(t: PaymentsTestApp): Promise<void> {
  await t.fake?.idle();
  await services(t).webhookDelivery.idle();
}

export function deliver(t: PaymentsTestApp, webhook: Pick<WebhookDelivery, 'rawBody' | 'headers'>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/webhook/${t.driver}`,
    headers: webhook.headers,
    payload: webhook.rawBody,
  });
}

export async function agent(t: PaymentsTestApp) {
  return signUpVerified(t);
}

/** A fresh session (the test clock can move past a session's 30 days). */
export async function signIn(t: PaymentsTestApp, user: { email: string; password: string }): Promise<string> {
  const response = await post(t, '/api/auth/signin', { email: user.email, password: user.password });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string }>().token;
}

export async function initialize(
  t: PaymentsTestApp,
  token: string,
  planId: PlanId = 'professional',
  billingPeriod: BillingPeriod = 'monthly',
): Promise<InitializePaymentResponse> {
  const response = await post(
    t,
    '/api/subscriptions/initialize-payment',
    { planId, billingPeriod },
    { token },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<InitializePaymentResponse>();
}

/** The buyer completes checkout: the sandbox's own page, or the fake Paystack's. */
export async function pay(
  t: PaymentsTestApp,
  checkout: InitializePaymentResponse,
  options: { failRenewals?: boolean; action?: 'pay' | 'decline' | 'cancel' } = {},
): Promise<void> {
  const action = options.action ?? 'pay';
  if (t.fake) {
    if (action === 'pay') t.fake.pay(checkout.reference, { failRenewals: options.failRenewals ?? false });
    else if (action === 'decline') t.fake.decline(checkout.reference);
    return;
  }
  const path = new URL(checkout.authorization_url, 'http://app.test').pathname;
  const page = await t.app.inject({ method: 'GET', url: path });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('TEST MODE');
  const response = await t.app.inject({
    method: 'POST',
    url: `${path}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: options.failRenewals ? 'failRenewals=1' : '',
  });
  expect(response.statusCode).toBe(303);
  expect(response.headers.location).toBe(
    `/pricing?trxref=${checkout.reference}&reference=${checkout.reference}`,
  );
}

export async function webhookFor(t: PaymentsTestApp, reference: string): Promise<WebhookDelivery> {
  if (t.fake) return { path: '/api/payments/webhook/paystack', ...t.fake.webhookFor(reference) };
  const sandbox = services(t).providers.sandbox;
  const webhook = await sandbox?.webhookFor(reference);
  if (!webhook) throw new Error(`no sandbox webhook for ${reference}`);
  return webhook;
}

/** Makes the provider report another amount for a checkout (a tampered or broken payment page). */
export async function tamperAmount(t: PaymentsTestApp, reference: string, amount: number): Promise<void> {
  if (t.fake) return t.fake.tamper(reference, { amount });
  await db(t).update(sandboxTransactions).set({ amount }).where(eq(sandboxTransactions.reference, reference));
}

export function verify(
  t: PaymentsTestApp,
  token: string,
  reference: string,
): Promise<LightMyRequestResponse> {
  return post(t, '/api/subscriptions/verify-payment', { reference }, { token });
}

export async function verified(
  t: PaymentsTestApp,
  token: string,
  reference: string,
): Promise<VerifyPaymentResponse> {
  const response = await verify(t, token, reference);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<VerifyPaymentResponse>();
}

export async function current(t: PaymentsTestApp, token: string): Promise<CurrentSubscriptionResponse> {
  const response = await get(t, '/api/subscriptions/current', token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CurrentSubscriptionResponse>();
}

/** A verified agent with a plan: trial (first time) or paid, checked out and verified. */
export async function subscribed(
  t: PaymentsTestApp,
  options: { planId?: PlanId; billingPeriod?: BillingPeriod; failRenewals?: boolean } = {},
) {
  const user = await agent(t);
  const checkout = await initialize(t, user.token, options.planId, options.billingPeriod);
  await pay(t, checkout, { failRenewals: options.failRenewals ?? false });
  const result = await verified(t, user.token, checkout.reference);
  expect(result.status).toBe('succeeded');
  await settle(t);
  return { ...user, checkout };
}

export async function runLifecycle(t: PaymentsTestApp) {
  const report = await services(t).lifecycle.runDue();
  await settle(t);
  return report;
}

/** Ledger rows written for one user's payments, by transaction kind. */
export async function ledgerFor(t: PaymentsTestApp, userId: string) {
  return db(t)
    .select({ kind: ledgerTransactions.kind, account: ledgerEntries.accountId, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .innerJoin(payments, eq(payments.id, ledgerTransactions.paymentId))
    .where(eq(payments.userId, userId))
    .orderBy(ledgerTransactions.createdAt, ledgerTransactions.kind, ledgerEntries.accountId);
}

export async function subscriptionsOf(t: PaymentsTestApp, userId: string) {
  return db(t)
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(subscriptions.createdAt);
}

export async function paymentsOf(t: PaymentsTestApp, userId: string) {
  return db(t).select().from(payments).where(eq(payments.userId, userId)).orderBy(payments.createdAt);
}

export async function accountBalance(t: PaymentsTestApp, accountId: string): Promise<number> {
  const [row] = await db(t)
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accountId));
  return Number(row?.total ?? 0);
}

export const ledgerBalanced = (t: PaymentsTestApp) => assertLedgerBalanced(db(t));

export function shuffle<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}
