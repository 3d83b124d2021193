import type { MoneyView } from '../../../common/schemas/fan-payments.ts';
import {
  type AdminPayoutDetail,
  type ExchangeRateView,
  type PayoutAccountView,
  type PayoutDetail,
  type PayoutQuote as PayoutQuoteView,
  type PayoutSettingsView,
  payoutCountries,
  type ReconcileReportView,
} from '../../../common/schemas/payouts.ts';
import { formatUsd } from '../../lib/money.ts';
import type { ExchangeRateRecord } from '../../repositories/billing/core/exchange-rates.repository.ts';
import type { PayoutAccountRecord } from '../../repositories/billing/payouts/payout-accounts.repository.ts';
import type { AdminPayoutRow, PayoutRecord } from '../../repositories/billing/payouts/payouts.repository.ts';
import { ACCOUNT_CHANGE_HOLD_DAYS } from '../../services/billing/payouts/accounts.service.ts';
import type {
  ReconcileReport,
  TransferDifference,
} from '../../services/billing/payouts/reconcile.service.ts';
import type { PayoutQuote, PayoutSettings } from '../../services/billing/payouts/requests.service.ts';

/**
 * Payouts as they leave the server (common/schemas/payouts.ts). An account is shown by its bank
 * and last four digits only; the provider's recipient code and transfer code stay with admins.
 */

const money = (amount: number, currency: string): MoneyView => ({ amount, currency });
const iso = (date: Date | null) => date?.toISOString() ?? null;
const HOUR = 3_600_000;

/** A rate in millionths as the decimal admins typed: 1_550_250_000 -> '1550.25'. */
export function formatRate(micros: number): string {
  const whole = Math.floor(micros / 1_000_000);
  const fraction = String(micros % 1_000_000)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

export function presentPayoutAccount(account: PayoutAccountRecord): PayoutAccountView {
  return {
    country: account.country,
    currency: account.currency,
    type: account.type,
    bankName: account.bankName,
    last4: account.last4,
    accountName: account.accountName,
    addedAt: account.createdAt.toISOString(),
  };
}

/**
 * When the money should reach the account: a day after a transfer was sent (Paystack's transfers
 * usually land within minutes; banks take up to a day), three days after a payout by hand was
 * requested. Null once it is settled.
 */
function expectedBy(payout: PayoutRecord): string | null {
  if (payout.method === 'transfer' && ['requested', 'sending', 'pending', 'otp'].includes(payout.status))
    return new Date((payout.initiatedAt ?? payout.requestedAt).getTime() + 24 * HOUR).toISOString();
  if (payout.method === 'manual' && payout.status === 'requested')
    return new Date(payout.requestedAt.getTime() + 72 * HOUR).toISOString();
  return null;
}

export function presentPayoutDetail(
  payout: PayoutRecord,
  accounts: ReadonlyMap<string, PayoutAccountRecord>,
): PayoutDetail {
  const account = payout.payoutAccountId ? accounts.get(payout.payoutAccountId) : undefined;
  const local =
    payout.localAmount !== null && payout.localCurrency
      ? money(payout.localAmount, payout.localCurrency)
      : null;
  return {
    id: payout.id,
    reference: payout.reference,
    amount: money(payout.amount, payout.currency),
    status: payout.status,
    method: payout.method,
    origin: payout.origin,
    local,
    rate: payout.rateMicros !== null ? formatRate(payout.rateMicros) : null,
    fee: payout.fee !== null && payout.localCurrency ? money(payout.fee, payout.localCurrency) : null,
    account: account ? { bankName: account.bankName, last4: account.last4 } : null,
    failureReason: payout.failureReason,
    requestedAt: payout.requestedAt.toISOString(),
    initiatedAt: iso(payout.initiatedAt),
    paidAt: iso(payout.paidAt),
    returnedAt: iso(payout.returnedAt),
    expectedBy: expectedBy(payout),
    note: payout.note,
  };
}

/** For admins, who alone see the creator's email and the provider's codes. */
export function presentAdminPayoutDetail(
  row: AdminPayoutRow,
  accounts: ReadonlyMap<string, PayoutAccountRecord>,
): AdminPayoutDetail {
  return {
    ...presentPayoutDetail(row.payout, accounts),
    creator: {
      id: row.creator.id ?? '',
      userId: row.creator.userId,
      handle: row.creator.handle ?? '',
      displayName: row.creator.displayName ?? row.creator.email,
      email: row.creator.email,
    },
    transferCode: row.payout.transferCode,
    lastVerifiedAt: iso(row.payout.lastVerifiedAt),
  };
}

export function presentPayoutSettings(
  settings: PayoutSettings,
  input: { account: PayoutAccountRecord | null; transfersEnabled: boolean; holdDays: number },
): PayoutSettingsView {
  return {
    transfersEnabled: input.transfersEnabled,
    countries: payoutCountries.map((country) => ({ ...country })),
    account: input.account ? presentPayoutAccount(input.account) : null,
    schedule: settings.schedule,
    weekday: settings.weekday,
    minimum: money(settings.minimumCents, 'USD'),
    platformMinimum: money(settings.platformMinimumCents, 'USD'),
    automaticHoldUntil: iso(settings.automaticHoldUntil),
    holdDays: input.holdDays,
    accountChangeHoldDays: ACCOUNT_CHANGE_HOLD_DAYS,
  };
}

export function presentPayoutQuote(quote: PayoutQuote): PayoutQuoteView {
  return {
    amount: money(quote.amount, quote.currency),
    available: money(quote.available, quote.currency),
    method: quote.method,
    local: quote.local
      ? {
          amount: money(quote.local.amount, quote.local.currency),
          rate: formatRate(quote.local.rateMicros),
          rateSetAt: quote.local.rateSetAt.toISOString(),
        }
      : null,
    account: quote.account ? presentPayoutAccount(quote.account) : null,
  };
}

export function presentExchangeRate(
  currency: string,
  rate: ExchangeRateRecord | null,
  input: { now: Date; maxAgeHours: number },
): ExchangeRateView {
  return {
    currency,
    rate: rate ? formatRate(rate.unitsPerUsdMicros) : null,
    setAt: iso(rate?.setAt ?? null),
    stale: !rate || input.now.getTime() - rate.setAt.getTime() > input.maxAgeHours * HOUR,
  };
}

const localMoney = (amount: number | null, currency: string | null) =>
  amount === null || !currency ? 'nothing' : formatUsd(amount, currency);

/** One difference in words, for the admin reading the report. */
function describe(difference: TransferDifference): string {
  switch (difference.kind) {
    case 'unknown_to_us':
      return `The provider has a transfer of ${formatUsd(difference.amount, difference.currency)} (${difference.providerStatus}) that is none of our payouts`;
    case 'missing_at_provider':
      return `Our payout is ${difference.status} but the provider has no transfer with this reference`;
    case 'paid_twice':
      return `The provider's balance paid this payout ${difference.debits} times and returned it ${difference.credits} times`;
    case 'status':
      return `Ours is ${difference.ours}, the provider says ${difference.theirs}`;
    case 'amount':
      return `Ours is ${localMoney(difference.ours.amount, difference.ours.currency)}, the provider's is ${formatUsd(difference.theirs.amount, difference.theirs.currency)}`;
  }
}

export function presentReconcileReport(report: ReconcileReport): ReconcileReportView {
  return {
    ranAt: report.ranAt.toISOString(),
    from: report.from.toISOString(),
    to: report.to.toISOString(),
    compared: report.compared,
    differences: report.differences.map((difference) => ({
      kind: difference.kind,
      reference: difference.reference,
      detail: describe(difference),
    })),
    balances: report.balances.map((check) => ({
      currency: check.currency,
      balance: money(check.balance, check.currency),
      due: money(check.due, check.currency),
      short: check.short,
    })),
  };
}
