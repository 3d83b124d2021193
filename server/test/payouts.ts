import { createHmac, randomBytes } from 'node:crypto';
import { createOutbox } from '../adapters/mail/index.ts';
import { createLogMailer } from '../adapters/mail/log-driver.ts';
import type { MailMessage } from '../adapters/mail/mailer.ts';
import { createPaystackTransfers } from '../adapters/payments/paystack-transfers.ts';
import { sandboxDelivery, sandboxWebhookSecret } from '../adapters/payments/sandbox/sandbox-provider.ts';
import {
  createSandboxTransfers,
  type SandboxTransfers,
} from '../adapters/payments/sandbox/sandbox-transfers.ts';
import type { TransferProvider } from '../adapters/payments/transfers.ts';
import type { WebhookDeliverer, WebhookDelivery } from '../adapters/payments/webhook-delivery.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { fanPayments, users } from '../db/schema/index.ts';
import { uuidv7 } from '../lib/ids.ts';
import { createBillingRuntime } from '../modules/billing-services.ts';
import { createRepositories, type Repositories } from '../modules/repositories.ts';
import type { UserRecord } from '../repositories/auth/users.repository.ts';
import { assertLedgerBalanced, type LedgerReport } from '../repositories/billing/core/ledger.repository.ts';
import { createPayoutsStore, type PayoutsStore } from '../repositories/billing/payouts/payouts-store.ts';
import { createProviderWebhooks, type ProviderWebhooks } from '../services/billing/core/webhooks.ts';
import { creatorChargePosting } from '../services/billing/fan-payments/ledger-postings.ts';
import { createPayoutServices, type PayoutServices } from '../services/billing/payouts/index.ts';
import type { PayoutNotice } from '../services/billing/payouts/notifier.ts';
import { createTestClock, type TestClock } from './clock.ts';
import { pgliteTemplate } from './database-template.ts';
import { type FakePaystack, startFakePaystack } from './fake-paystack.ts';
import { freshDatabaseEnv } from './helpers.ts';

/**
 * The payouts' service tier (docs/decisions/0037-payouts.md): the payout services over real
 * repositories on a fresh database (PGlite, or TEST_DATABASE_URL), without HTTP. The transfer
 * provider is real too: the sandbox (its webhooks held until the test delivers them), the fake
 * Paystack over HTTP, or none (payouts by hand).
 */
export type PayoutDriver = 'sandbox' | 'paystack' | 'manual';

export const DAY = 24 * 60 * 60 * 1000;
/** A Monday, 08:00 UTC. */
export const START = new Date('2026-03-02T08:00:00.000Z');

export interface PayoutHarness {
  driver: PayoutDriver;
  clock: TestClock;
  store: PayoutsStore;
  services: PayoutServices;
  transfers: TransferProvider | null;
  /** The sandbox (driver 'sandbox'), its outcomes on timers of 0 ms: wait with `settle()`. */
  sandbox: SandboxTransfers | null;
  fake: FakePaystack | null;
  webhooks: ProviderWebhooks;
  /** Sandbox webhooks sent and not yet delivered (the test delivers, repeats or loses them). */
  outbox: WebhookDelivery[];
  mails: MailMessage[];
  notices: PayoutNotice[];
  /** Payout ids the request queued for the initiate job. */
  queued: string[];
  admin: UserRecord;
  /** Every repository, as the app builds them (the fan payments' wallet marks manual payouts paid). */
  repos: Repositories;
  publicUrl: string;
  newCreator(): Promise<UserRecord>;
  /** An earning of `cents`, paid `daysAgo` (past the hold by default). */
  earn(creatorUserId: string, cents: number, daysAgo?: number): Promise<void>;
  /** A webhook body signed as the active provider signs it (the sandbox's secret, or Paystack's key). */
  signed(rawBody: string): Pick<WebhookDelivery, 'rawBody' | 'headers'>;
  /** Delivers a webhook to the one provider entry, as the provider would; the HTTP status it gets. */
  deliver(delivery: Pick<WebhookDelivery, 'rawBody' | 'headers'>): Promise<number>;
  /** The sandbox's transfers reach their outcome (their webhooks land in `outbox`). */
  settle(): Promise<void>;
  ledger(): Promise<LedgerReport>;
  close(): Promise<void>;
}

const silent = { info() {}, warn() {}, error() {} };

export async function createPayoutHarness(
  driver: PayoutDriver,
  options: {
    minimumCents?: number;
    verifyAfterMinutes?: number;
    paystackTimeoutMs?: number;
    /** Puts something between the services and the provider (a network that loses answers). */
    wrap?: (transfers: TransferProvider) => TransferProvider;
  } = {},
): Promise<PayoutHarness> {
  const database = await freshDatabaseEnv();
  const fake = driver === 'paystack' ? await startFakePaystack() : null;
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      APP_SECRET: randomBytes(24).toString('hex'),
      ...database.env,
      ...(fake ? { PAYSTACK_SECRET_KEY: fake.secretKey, PAYSTACK_BASE_URL: fake.url } : {}),
      ...(options.minimumCents ? { PAYOUT_MINIMUM_CENTS: String(options.minimumCents) } : {}),
    },
    { ephemeral: true },
  );
  const template = pgliteTemplate();
  const handle = await openDatabase(config, template ? { pgliteTemplate: template } : {});
  const { db } = handle;
  const clock = createTestClock(START);
  const repos = createRepositories(db);
  const store = createPayoutsStore(db);

  const outbox: WebhookDelivery[] = [];
  const holding: WebhookDeliverer = {
    deliver: (delivery) => void outbox.push(delivery),
    idle: async () => {},
    close: async () => {},
  };
  const sandbox =
    driver === 'sandbox'
      ? createSandboxTransfers({ clock, appSecret: config.appSecret, deliverer: holding, settleAfterMs: 0 })
      : null;
  const provider: TransferProvider | null = fake
    ? createPaystackTransfers({
        secretKey: fake.secretKey,
        baseUrl: fake.url,
        timeoutMs: options.paystackTimeoutMs ?? 2000,
      })
    : sandbox;
  const transfers = provider && options.wrap ? options.wrap(provider) : provider;

  const mails: MailMessage[] = [];
  const mailer = createLogMailer({ info: () => {}, error: () => {} });
  const mailOutbox = createOutbox(
    {
      async send(mail) {
        mails.push(mail);
        await mailer.send(mail);
      },
      close: mailer.close,
    },
    silent,
  );
  const notices: PayoutNotice[] = [];
  const queued: string[] = [];
  const services = createPayoutServices({
    store,
    transfers,
    users: repos.users,
    outbox: mailOutbox,
    inApp: async (notice) => void notices.push(notice),
    clock,
    publicUrl: config.publicUrl,
    holdDays: config.payments.earningsHoldDays,
    minimumCents: config.payments.payouts.minimumCents,
    rateMaxAgeHours: config.payments.payouts.rateMaxAgeHours,
    queueInitiate: async (id) => void queued.push(id),
    log: silent,
    ...(options.verifyAfterMinutes ? { verifyAfterMinutes: options.verifyAfterMinutes } : {}),
  });
  const runtime = createBillingRuntime({
    config,
    repos,
    clock,
    log: silent,
    send: async () => 200,
  });
  const webhooks = createProviderWebhooks({
    provider: runtime.providers.active,
    purposes: [runtime.webhooks],
    recordOnly: runtime.recordOnly,
    transfers: services.transfers,
    clock,
  });
  const deliver = async (delivery: Pick<WebhookDelivery, 'rawBody' | 'headers'>) => {
    try {
      await webhooks.receive(runtime.providers.active.name, Buffer.from(delivery.rawBody), delivery.headers);
      return 200;
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status) return status;
      throw error;
    }
  };
  fake?.onWebhook((webhook) => deliver(webhook));

  const person = async (label: string, role: 'user' | 'admin' = 'user') => {
    const [row] = await db
      .insert(users)
      .values({
        email: `${label}-${randomBytes(6).toString('hex')}@example.test`,
        firstName: label,
        role,
        isEmailVerified: true,
        createdAt: clock.now(),
        updatedAt: clock.now(),
      })
      .returning();
    if (!row) throw new Error('user not inserted');
    return row;
  };
  const admin = await person('Admin', 'admin');
  const fan = await person('Fan');

  return {
    driver,
    clock,
    store,
    services,
    transfers,
    sandbox,
    fake,
    webhooks,
    outbox,
    mails,
    notices,
    queued,
    admin,
    repos,
    publicUrl: config.publicUrl,
    newCreator: () => person('Creator'),
    async earn(creatorUserId, cents, daysAgo = 30) {
      const paidAt = new Date(clock.now().getTime() - daysAgo * DAY);
      const [payment] = await db
        .insert(fanPayments)
        .values({
          fanId: fan.id,
          creatorUserId,
          provider: 'sandbox',
          reference: `earn_${uuidv7().replaceAll('-', '')}`,
          purpose: 'tip',
          amount: cents,
          currency: 'USD',
          feeAmount: 0,
          status: 'succeeded',
          paidAt,
          createdAt: paidAt,
          updatedAt: paidAt,
        })
        .returning();
      if (!payment) throw new Error('payment not inserted');
      await store.ledger.post(creatorChargePosting(payment, 0, paidAt));
    },
    deliver,
    signed(rawBody) {
      if (fake) {
        const signature = createHmac('sha512', fake.secretKey).update(rawBody).digest('hex');
        return {
          rawBody,
          headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
        };
      }
      return sandboxDelivery(sandboxWebhookSecret(config.appSecret), rawBody);
    },
    async settle() {
      await sandbox?.idle();
      await fake?.idle();
    },
    ledger: () => assertLedgerBalanced(db),
    async close() {
      sandbox?.close();
      await fake?.close();
      await mailOutbox.close();
      await handle.close();
      await database.drop();
    },
  };
}

/** A rate set now by the harness's admin ('1500' local units per USD unless told). */
export async function setRate(h: PayoutHarness, currency = 'NGN', unitsPerUsd = '1500'): Promise<void> {
  await h.services.requests.setRate(h.admin.id, { currency, unitsPerUsd });
}

/** What the creator's money is: available, pending, in payout, paid out (USD cents). */
export async function moneyOf(h: PayoutHarness, creatorUserId: string) {
  const balances = await h.store.ledger.balances(
    creatorUserId,
    'USD',
    new Date(h.clock.now().getTime() - 7 * DAY),
  );
  return {
    available: balances.owed - balances.pending,
    pending: balances.pending,
    inPayout: balances.inPayout,
    paidOut: balances.paidOut,
    lifetime: balances.lifetime,
  };
}
