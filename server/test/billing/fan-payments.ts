import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type {
  CheckoutResponse,
  CreatorPlanId,
  VerifyCheckoutResponse,
} from '../../../common/schemas/fan-payments.ts';
import type { MassMessageView } from '../../../common/schemas/mass-messages.ts';
import type { PostView } from '../../../common/schemas/posts.ts';
import { sandboxWebhookSecret } from '../../adapters/payments/sandbox/sandbox-provider.ts';
import { signBody } from '../../adapters/payments/signature.ts';
import { fanPayments, ledgerEntries, sandboxTransactions } from '../../db/schema/index.ts';
import type { FanPaymentServices } from '../../modules/billing-services.ts';
import { bearer, GOOD_PASSWORD, signUpVerified, uniqueEmail, uniqueIp } from '../accounts.ts';
import { buildCreator, buildPost } from '../creators.ts';
import { type BillingTestApp, createBillingTestApp, type DriverName, db, pay, settle } from './index.ts';

export { DAY, type DriverName, db, drivers, ledgerBalanced, pay, settle } from './index.ts';

/** The billing test app, and an admin who approves creators. */
export interface FanPaymentTestApp extends BillingTestApp {
  admin: { email: string; token: string; user: { id: string } };
}

export async function createFanPaymentTestApp(
  driver: DriverName,
  options: { runJobs?: boolean; env?: Record<string, string> } = {},
): Promise<FanPaymentTestApp> {
  const adminEmail = uniqueEmail('admin');
  const harness = (await createBillingTestApp(driver, {
    ...options,
    env: { ADMIN_EMAILS: adminEmail, ...options.env },
  })) as FanPaymentTestApp;
  const admin = await signUpVerified(harness, { email: adminEmail });
  harness.admin = { email: admin.email, token: admin.token, user: { id: admin.user.id } };
  return harness;
}

export function fanPaymentServices(t: FanPaymentTestApp): FanPaymentServices {
  const services = t.app.services.fanPayments;
  if (!services) throw new Error('fan payment services missing');
  return services;
}

export function call(
  t: FanPaymentTestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token?: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    remoteAddress: uniqueIp(),
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
}

export async function ok<T>(response: Promise<LightMyRequestResponse>, status = 200): Promise<T> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  return (answer.body === '' ? undefined : answer.json<T>()) as T;
}

export const fan = (t: FanPaymentTestApp, details: { firstName?: string; lastName?: string } = {}) =>
  signUpVerified(t, details);

/** A fresh session for a user (tests move the clock past a session's lifetime). */
export async function signIn(
  t: FanPaymentTestApp,
  user: { email: string; password: string },
): Promise<string> {
  const response = await call(t, 'POST', '/api/auth/signin', undefined, {
    email: user.email,
    password: user.password,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string }>().token;
}

/** A fresh admin session (tests move the clock past a session's lifetime). */
export async function adminToken(t: FanPaymentTestApp): Promise<string> {
  const response = await call(t, 'POST', '/api/auth/signin', undefined, {
    email: t.admin.email,
    password: GOOD_PASSWORD,
  });
  expect(response.statusCode, response.body).toBe(200);
  t.admin.token = response.json<{ token: string }>().token;
  return t.admin.token;
}

/** An approved creator with a monthly price (dollars as typed). */
export async function creator(t: FanPaymentTestApp, monthlyPrice = '10.00') {
  return buildCreator(t, { approveWith: await adminToken(t), draft: { monthlyPrice } });
}

export function ppvPost(
  t: FanPaymentTestApp,
  token: string,
  price = '4.99',
  youtube = true,
): Promise<PostView> {
  return buildPost(t, token, { visibility: 'pay_per_view', price, youtube });
}

export function subscriberPost(t: FanPaymentTestApp, token: string, youtube = true): Promise<PostView> {
  return buildPost(t, token, { visibility: 'subscribers', youtube });
}

export function subscribe(
  t: FanPaymentTestApp,
  token: string,
  handle: string,
  plan: CreatorPlanId = 'monthly',
): Promise<LightMyRequestResponse> {
  return call(t, 'POST', `/api/creators/${handle}/subscribe`, token, { plan });
}

export function unlock(t: FanPaymentTestApp, token: string, postId: string) {
  return call(t, 'POST', `/api/posts/${postId}/unlock`, token, {});
}

export function verify(t: FanPaymentTestApp, token: string, reference: string) {
  return ok<VerifyCheckoutResponse>(call(t, 'POST', '/api/fan-payments/verify', token, { reference }));
}

/** Subscribe, pay and verify: the fan has access when it returns. */
export async function subscribed(
  t: FanPaymentTestApp,
  token: string,
  handle: string,
  plan: CreatorPlanId = 'monthly',
  options: { failRenewals?: boolean } = {},
) {
  const checkout = await ok<CheckoutResponse>(subscribe(t, token, handle, plan));
  await pay(t, checkout, options);
  const verified = await verify(t, token, checkout.reference);
  expect(verified.status).toBe('succeeded');
  await settle(t);
  return { checkout, verified };
}

export async function unlocked(t: FanPaymentTestApp, token: string, postId: string) {
  const checkout = await ok<CheckoutResponse>(unlock(t, token, postId));
  await pay(t, checkout);
  const verified = await verify(t, token, checkout.reference);
  expect(verified.status).toBe('succeeded');
  await settle(t);
  return { checkout, verified };
}

export async function runJob(t: FanPaymentTestApp) {
  const report = await fanPaymentServices(t).lifecycle.runDue();
  await settle(t);
  return report;
}

export async function accountBalance(t: FanPaymentTestApp, accountId: string): Promise<number> {
  const [row] = await db(t)
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accountId));
  return Number(row?.total ?? 0);
}

export async function paymentsOf(t: FanPaymentTestApp, fanId: string) {
  return db(t).select().from(fanPayments).where(eq(fanPayments.fanId, fanId)).orderBy(fanPayments.createdAt);
}

/** What the provider holds as refunded for a reference. */
export async function providerRefunded(t: FanPaymentTestApp, reference: string): Promise<number> {
  if (t.fake) return t.fake.refundedAmount(reference);
  const [row] = await db(t)
    .select({ refunded: sandboxTransactions.refundedAmount })
    .from(sandboxTransactions)
    .where(eq(sandboxTransactions.reference, reference));
  return row?.refunded ?? 0;
}

/** A genuine, signed provider event (as the provider would send it) delivered to the webhook. */
export function deliverEvent(t: FanPaymentTestApp, body: object) {
  const rawBody = JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (t.fake) headers['x-paystack-signature'] = signBody(t.fake.secretKey, rawBody);
  else headers['x-sandbox-signature'] = signBody(sandboxWebhookSecret(t.config.appSecret), rawBody);
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/webhook/${t.driver}`,
    headers,
    payload: rawBody,
  });
}

/** The signed charge.success webhook of a paid checkout, as the provider delivers it. */
export async function webhookOf(t: FanPaymentTestApp, reference: string) {
  if (t.fake) return t.fake.webhookFor(reference);
  const webhook = await t.app.services.payments.providers.sandbox?.webhookFor(reference);
  if (!webhook) throw new Error(`no sandbox webhook for ${reference}`);
  return webhook;
}

export function deliverWebhook(
  t: FanPaymentTestApp,
  webhook: { rawBody: string; headers: Record<string, string> },
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/webhook/${t.driver}`,
    headers: webhook.headers,
    payload: webhook.rawBody,
  });
}

/** Waits until the job has delivered it (a signal: its status), then answers it as the sender sees it. */
export async function massMessageDelivered(
  t: FanPaymentTestApp,
  token: string,
  id: string,
): Promise<MassMessageView> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const view = await ok<MassMessageView>(call(t, 'GET', `/api/mass-messages/${id}`, token));
    if (view.status === 'sent') return view;
    if (Date.now() > deadline) throw new Error(`mass message ${id} still ${view.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
