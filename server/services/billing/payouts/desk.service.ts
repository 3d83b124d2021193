import { payoutMessages as m, payoutCountries } from '../../../../common/schemas/payouts.ts';
import { safetyMessages } from '../../../../common/schemas/safety.ts';
import { PaymentProviderError } from '../../../adapters/payments/provider.ts';
import type { AccountType } from '../../../adapters/payments/transfers.ts';
import { TransferRefusedError, TransferUnreachableError } from '../../../adapters/payments/transfers.ts';
import type { RateLimiter } from '../../../adapters/rate-limit/index.ts';
import { AppError, badRequest, conflict, notFound, rateLimited } from '../../../errors.ts';
import type { Clock } from '../../../lib/clock.ts';
import { decodeCursor, keysetPage, timeKey } from '../../../lib/cursor.ts';
import { consume, rateLimits } from '../../../lib/rate-limits.ts';
import { type Actor, assertCan } from '../../../policies/access.ts';
import type { UserRecord } from '../../../repositories/auth/users.repository.ts';
import type { PayoutAccountRecord } from '../../../repositories/billing/payouts/payout-accounts.repository.ts';
import type {
  AdminPayoutRow,
  PayoutRecord,
  PayoutStatus,
} from '../../../repositories/billing/payouts/payouts.repository.ts';
import type { PayoutsStore } from '../../../repositories/billing/payouts/payouts-store.ts';
import type { CreatorsRepository } from '../../../repositories/creators/creators.repository.ts';
import type { PasswordHasher } from '../../auth/passwords.ts';
import type { WalletService } from '../fan-payments/wallet.service.ts';
import type { PayoutServices } from './index.ts';
import type { ReconcileReport } from './reconcile.service.ts';

export interface PayoutPage<Row> {
  rows: Row[];
  nextCursor: string | null;
  accounts: ReadonlyMap<string, PayoutAccountRecord>;
}

/**
 * What the payout endpoints ask (server/routes/billing/payouts/): every call goes through the
 * access funnel first (`payout:manage` for a creator's own payouts, `payout:settle` for admins),
 * then to the payout services. An account change is confirmed by the current password (an account
 * made with Google types its email address), besides the recent two-step code the route asks for.
 */
export function createPayoutDesk(deps: {
  payouts: PayoutServices;
  store: PayoutsStore;
  wallet: Pick<WalletService, 'markPaid'>;
  creators: Pick<CreatorsRepository, 'findByUserId'>;
  passwords: Pick<PasswordHasher, 'verify'>;
  limiter: Pick<RateLimiter, 'consume'>;
  clock: Clock;
  log: { warn(details: object, message: string): void };
  transfersEnabled: boolean;
  holdDays: number;
  rateMaxAgeHours: number;
}) {
  const { payouts, store, clock } = deps;

  /** The actor's creator account (their user id), through the funnel. */
  async function creatorOf(actor: Actor): Promise<string> {
    const userId = actor.user?.id ?? null;
    const creator = userId ? await deps.creators.findByUserId(userId) : null;
    assertCan(actor, 'payout:manage', { creatorUserId: creator?.userId ?? null });
    return creator?.userId ?? '';
  }

  const settle = (actor: Actor) => assertCan(actor, 'payout:settle', {});

  async function lookup(creatorUserId: string): Promise<void> {
    const wait = await consume(deps.limiter, rateLimits.payoutLookupsPerCreator, creatorUserId);
    if (wait !== null) throw rateLimited(m.tooManyLookups, wait);
  }

  /** The provider could not answer (down, timed out, our key refused): a 503 to try again, logged. */
  async function reachable<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      const unanswered =
        error instanceof TransferUnreachableError ||
        (error instanceof PaymentProviderError && !(error instanceof TransferRefusedError));
      if (unanswered) {
        deps.log.warn({ err: error }, 'payout provider unreachable');
        throw new AppError('NOT_READY', m.providerUnreachable);
      }
      throw error;
    }
  }

  const currencyOf = (country: string) =>
    payoutCountries.find((known) => known.code === country)?.currency ?? '';

  async function accountsOf(rows: PayoutRecord[]): Promise<Map<string, PayoutAccountRecord>> {
    const ids = rows.flatMap((row) => (row.payoutAccountId ? [row.payoutAccountId] : []));
    return new Map((await store.accounts.byIds(ids)).map((account) => [account.id, account]));
  }

  async function settingsView(creatorUserId: string) {
    const [settings, account] = await Promise.all([
      payouts.requests.settings(creatorUserId),
      deps.transfersEnabled ? store.accounts.current(creatorUserId) : Promise.resolve(null),
    ]);
    return { settings, account, transfersEnabled: deps.transfersEnabled, holdDays: deps.holdDays };
  }

  async function adminRow(
    id: string,
  ): Promise<{ row: AdminPayoutRow; accounts: Map<string, PayoutAccountRecord> }> {
    const row = await store.payouts.findAdminRow(id);
    if (!row) throw notFound(m.payoutNotFound);
    return { row, accounts: await accountsOf([row.payout]) };
  }

  const transfers = () => {
    if (!payouts.transfers) throw conflict(m.transfersUnavailable);
    return payouts.transfers;
  };

  return {
    transfersEnabled: deps.transfersEnabled,

    // A creator's own payouts.

    async settings(actor: Actor) {
      return settingsView(await creatorOf(actor));
    },

    async updateSettings(
      actor: Actor,
      input: { schedule: 'on_request' | 'weekly'; weekday?: number | null; minimumCents?: number | null },
    ) {
      const creatorUserId = await creatorOf(actor);
      // Weekly payouts go by transfer only: by hand, an admin pays what is requested.
      if (input.schedule === 'weekly' && !deps.transfersEnabled) throw conflict(m.transfersUnavailable);
      await payouts.requests.updateSettings(creatorUserId, input);
      return settingsView(creatorUserId);
    },

    async banks(actor: Actor, input: { country: string; type?: AccountType }) {
      const creatorUserId = await creatorOf(actor);
      await lookup(creatorUserId);
      return reachable(() => payouts.accounts.listBanks({ ...input, currency: currencyOf(input.country) }));
    },

    async resolve(
      actor: Actor,
      input: { country: string; bankCode: string; accountNumber: string; type?: AccountType },
    ) {
      const creatorUserId = await creatorOf(actor);
      await lookup(creatorUserId);
      return reachable(() => payouts.accounts.resolve({ ...input, currency: currencyOf(input.country) }));
    },

    async changeAccount(
      actor: Actor,
      user: Pick<UserRecord, 'id' | 'email' | 'passwordHash'>,
      input: {
        country: string;
        bankCode: string;
        accountNumber: string;
        type?: AccountType;
        currentPassword: string;
      },
    ) {
      const creatorUserId = await creatorOf(actor);
      const wait = await consume(deps.limiter, rateLimits.payoutConfirmsPerCreator, creatorUserId);
      if (wait !== null) throw rateLimited(m.tooManyLookups, wait);
      const confirmed = user.passwordHash
        ? await deps.passwords.verify(user.passwordHash, input.currentPassword)
        : input.currentPassword.trim().toLowerCase() === user.email.toLowerCase();
      if (!confirmed)
        throw badRequest(safetyMessages.passwordIncorrect, {
          currentPassword: safetyMessages.passwordIncorrect,
        });
      await lookup(creatorUserId);
      const { currentPassword: _, ...account } = input;
      await reachable(() =>
        payouts.accounts.change({
          ...account,
          currency: currencyOf(input.country),
          creatorUserId,
          confirmed: true,
        }),
      );
      return settingsView(creatorUserId);
    },

    async quote(actor: Actor, amountCents: number) {
      return payouts.requests.quote(await creatorOf(actor), amountCents);
    },

    /** The whole available balance when no amount is given. */
    async request(
      actor: Actor,
      input: { amountCents?: number | undefined; idempotencyKey?: string | undefined },
    ) {
      const creatorUserId = await creatorOf(actor);
      let amount = input.amountCents;
      if (amount === undefined) {
        if (await store.payouts.findOpen(creatorUserId)) throw conflict(m.payoutOpen);
        amount = await payouts.requests.available(creatorUserId);
        if (amount <= 0) throw conflict(m.nothingAvailable);
      }
      const payout = await payouts.requests.request({
        creatorUserId,
        amount,
        idempotencyKey: input.idempotencyKey ?? null,
      });
      return { payout, accounts: await accountsOf([payout]) };
    },

    async history(
      actor: Actor,
      options: { limit: number; cursor?: string },
    ): Promise<PayoutPage<PayoutRecord>> {
      const creatorUserId = await creatorOf(actor);
      const before = decodeCursor(options.cursor, ['at', 'id']);
      const rows = await store.payouts.listForCreator(creatorUserId, {
        limit: options.limit + 1,
        ...(before ? { before } : {}),
      });
      const page = keysetPage(rows, options.limit, (last) => timeKey(last.requestedAt, last.id));
      return { ...page, accounts: await accountsOf(page.rows) };
    },

    // Admins.

    async list(
      actor: Actor,
      options: { status?: PayoutStatus; limit: number; cursor?: string },
    ): Promise<PayoutPage<AdminPayoutRow>> {
      settle(actor);
      const after = decodeCursor(options.cursor, ['at', 'id']);
      const rows = await store.payouts.list({
        limit: options.limit + 1,
        ...(options.status ? { status: options.status } : {}),
        ...(after ? { after } : {}),
      });
      const page = keysetPage(rows, options.limit, (last) =>
        timeKey(last.payout.requestedAt, last.payout.id),
      );
      return { ...page, accounts: await accountsOf(page.rows.map((row) => row.payout)) };
    },

    async markPaid(actor: Actor, admin: UserRecord, id: string, note: string | undefined) {
      settle(actor);
      const payout = await store.payouts.findById(id);
      if (payout?.method === 'transfer') throw conflict(m.sentByTransfer);
      const row = await deps.wallet.markPaid(admin, id, note);
      return { row, accounts: await accountsOf([row.payout]) };
    },

    async finalizeOtp(actor: Actor, id: string, otp: string) {
      settle(actor);
      const applied = await reachable(() => transfers().finalizeOtp(id, otp));
      return { applied, ...(await adminRow(id)) };
    },

    async verify(actor: Actor, id: string) {
      settle(actor);
      const payout = await store.payouts.findById(id);
      if (!payout) throw notFound(m.payoutNotFound);
      if (payout.method !== 'transfer') throw conflict(m.notATransfer);
      const applied = await reachable(() => transfers().verify(id));
      return { applied, ...(await adminRow(id)) };
    },

    async rates(actor: Actor) {
      settle(actor);
      const rows = await Promise.all(
        payoutCountries.map(async ({ currency }) => ({ currency, rate: await store.rates.latest(currency) })),
      );
      return { rows, now: clock.now(), maxAgeHours: deps.rateMaxAgeHours };
    },

    async setRate(actor: Actor, admin: Pick<UserRecord, 'id'>, currency: string, rate: string) {
      settle(actor);
      await payouts.requests.setRate(admin.id, { currency, unitsPerUsd: rate });
      return this.rates(actor);
    },

    async latestReconcile(actor: Actor): Promise<ReconcileReport | null> {
      settle(actor);
      return payouts.reconciliation ? payouts.reconciliation.latest() : null;
    },

    /** An admin's "run now": the last two days, as the daily job does. */
    async reconcile(actor: Actor): Promise<ReconcileReport> {
      settle(actor);
      if (!payouts.reconciliation) throw conflict(m.transfersUnavailable);
      const to = clock.now();
      const { reconciliation } = payouts;
      return reachable(() =>
        reconciliation.reconcile({ from: new Date(to.getTime() - 2 * 24 * 3_600_000), to }),
      );
    },
  };
}

export type PayoutDesk = ReturnType<typeof createPayoutDesk>;
