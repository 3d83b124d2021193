import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { BillingPeriod, PlanId } from '../../../common/plans.ts';
import type {
  CurrentSubscriptionResponse,
  InitializePaymentResponse,
  VerifyPaymentResponse,
} from '../../../common/schemas/subscriptions.ts';
import {
  SANDBOX_SIGNATURE_HEADER,
  SANDBOX_WEBHOOK_PATH,
  sandboxWebhookSecret,
} from '../../adapters/payments/sandbox/sandbox-provider.ts';
import { signBody } from '../../adapters/payments/signature.ts';
import type { WebhookDelivery } from '../../adapters/payments/webhook-delivery.ts';
import {
  ledgerEntries,
  ledgerTransactions,
  payments,
  sandboxTransactions,
  subscriptions,
} from '../../db/schema/index.ts';
import { get, post, signUpVerified } from '../accounts.ts';
import { type BillingTestApp, createBillingTestApp, db, pay as payOnProvider, settle } from './index.ts';

export { DAY, type DriverName, db, deliver, drivers, ledgerBalanced, settle } from './index.ts';

/** The real app on a real database with one payment driver: the sandbox, or Paystack faked over HTTP. */
export type PaymentsTestApp = BillingTestApp;
export const createPaymentsTestApp = createBillingTestApp;
export const services = (t: PaymentsTestApp) => t.app.services.payments;

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

/** The buyer completes checkout; the provider's page sends them back to /pricing. */
export function pay(
  t: PaymentsTestApp,
  checkout: InitializePaymentResponse,
  options: { failRenewals?: boolean; action?: 'pay' | 'decline' | 'cancel' } = {},
): Promise<void> {
  return payOnProvider(t, checkout, { ...options, expectReturnTo: '/pricing' });
}

export async function webhookFor(t: PaymentsTestApp, reference: string): Promise<WebhookDelivery> {
  if (t.fake) return { path: '/api/payments/webhook/paystack', ...t.fake.webhookFor(reference) };
  const sandbox = services(t).providers.sandbox;
  const webhook = await sandbox?.webhookFor(reference);
  if (!webhook) throw new Error(`no sandbox webhook for ${reference}`);
  return webhook;
}

/**
 * A signed `charge.success` sent while the provider's own books (what its verify call answers) still
 * say the checkout is pending: the transaction in it says pending too. Same event key as the
 * genuine `charge.success` the provider sends once the buyer has paid.
 */
export async function earlyChargeSuccess(t: PaymentsTestApp, reference: string): Promise<WebhookDelivery> {
  if (t.fake) return { path: '/api/payments/webhook/paystack', ...t.fake.webhookFor(reference) };
  const [tx] = await db(t)
    .select()
    .from(sandboxTransactions)
    .where(eq(sandboxTransactions.reference, reference));
  if (!tx) throw new Error(`no sandbox transaction ${reference}`);
  const rawBody = JSON.stringify({
    event: 'charge.success',
    data: {
      id: tx.providerId,
      status: tx.status,
      reference,
      amount: tx.amount,
      currency: tx.currency,
      paid_at: null,
      gateway_response: 'Awaiting payment',
      authorization: null,
      customer: { customer_code: null, email: tx.email },
      metadata: tx.metadata,
    },
  });
  return {
    path: SANDBOX_WEBHOOK_PATH,
    rawBody,
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signBody(sandboxWebhookSecret(t.config.appSecret), rawBody),
    },
  };
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

export function shuffle<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}
