import { expect } from 'vitest';
import type { WebhookDelivery } from '../../adapters/payments/webhook-delivery.ts';
import { assertLedgerBalanced } from '../../repositories/billing/core/ledger.repository.ts';
import type { AccountsTestApp } from '../accounts.ts';
import { createTestClock } from '../clock.ts';
import { type FakePaystack, startFakePaystack } from '../fake-paystack.ts';
import { createTestApp } from '../helpers.ts';
import { startSmtpCapture } from '../smtp-capture.ts';

/**
 * The billing test harness: the real app on a real database with one payment driver (the sandbox,
 * or Paystack faked over HTTP). `./agent-plans.ts` and `./fan-payments.ts` add each purpose's steps.
 */
export type DriverName = 'sandbox' | 'paystack';
export const drivers: DriverName[] = ['sandbox', 'paystack'];
export const DAY = 24 * 60 * 60 * 1000;

export interface BillingTestApp extends AccountsTestApp {
  driver: DriverName;
  fake: FakePaystack | null;
}

export async function createBillingTestApp(
  driver: DriverName,
  options: { runJobs?: boolean; env?: Record<string, string> } = {},
): Promise<BillingTestApp> {
  const fake = driver === 'paystack' ? await startFakePaystack() : null;
  const smtp = await startSmtpCapture();
  const clock = createTestClock();
  const env: Record<string, string> = {
    SMTP_URL: smtp.url,
    ...(fake ? { PAYSTACK_SECRET_KEY: fake.secretKey, PAYSTACK_BASE_URL: fake.url } : {}),
    ...options.env,
  };
  const t = await createTestApp(env, { runJobs: options.runJobs ?? false, clock });
  const harness: BillingTestApp = {
    ...t,
    smtp,
    clock,
    driver,
    fake,
    async close() {
      await settle(harness);
      // The app first: t.close() then drops the database once its connections are gone.
      await t.app.close();
      await t.close();
      await smtp.close();
      await fake?.close();
    },
  };
  fake?.onWebhook((webhook) => deliver(harness, webhook));
  return harness;
}

export const db = (t: BillingTestApp) => t.app.services.database.db;

/** Waits until every webhook the provider sent so far has been handled. */
export async function settle(t: BillingTestApp): Promise<void> {
  await t.fake?.idle();
  await t.app.services.payments.webhookDelivery.idle();
}

/** Posts a provider webhook to the one webhook entry, as the provider does. */
export function deliver(t: BillingTestApp, webhook: Pick<WebhookDelivery, 'rawBody' | 'headers'>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/webhook/${t.driver}`,
    headers: webhook.headers,
    payload: webhook.rawBody,
  });
}

export const ledgerBalanced = (t: BillingTestApp) => assertLedgerBalanced(db(t));

/**
 * The buyer completes checkout: the sandbox's own page, or the fake Paystack's. With
 * `expectReturnTo`, the page sends the browser back there with the reference.
 */
export async function pay(
  t: BillingTestApp,
  checkout: { reference: string; authorization_url: string },
  options: { action?: 'pay' | 'decline' | 'cancel'; failRenewals?: boolean; expectReturnTo?: string } = {},
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
  if (options.expectReturnTo)
    expect(response.headers.location).toBe(
      `${options.expectReturnTo}${options.expectReturnTo.includes('?') ? '&' : '?'}trxref=${checkout.reference}&reference=${checkout.reference}`,
    );
}
