import { z } from 'zod';
import { moneySchema, payoutStatuses } from './fan-payments.ts';
import { pageQuery } from './pagination.ts';

/** What the payout services say to creators and admins (docs/decisions/0037-payouts.md). */
export const payoutMessages = {
  transfersUnavailable:
    'Payouts by bank transfer are not available on this server; an admin sends payouts by hand',
  countryUnsupported: (country: string) =>
    `Payouts to ${country} are not available by transfer: we can pay to Nigeria, Ghana, Kenya and South Africa`,
  currencyUnsupported: (currency: string, country: string) =>
    `Payouts to ${country} are paid in its own currency, not ${currency}`,
  bankUnknown: 'Choose your bank from the list',
  notConfirmed: 'Confirm the change of your payout account first',
  belowMinimum: (minimum: string) => `The smallest payout is ${minimum}`,
  aboveAvailable: (available: string) => `You can be paid at most ${available}, your available balance`,
  payoutOpen: 'You already have a payout in progress',
  noRate: (currency: string) => `Payouts in ${currency} are paused: there is no exchange rate yet`,
  staleRate: (currency: string) =>
    `Payouts in ${currency} are paused until the exchange rate is updated; try again later`,
  badAmount: 'Enter an amount in whole cents',
  badRate: 'Enter the rate as a positive number with at most 6 decimals',
  badWeekday: 'Choose a weekday from 1 (Monday) to 7 (Sunday)',
  minimumTooLow: (minimum: string) => `The minimum cannot be below ${minimum}`,
  payoutNotFound: 'Payout not found',
  notAwaitingOtp: 'This payout is not waiting for an OTP',
  nothingAvailable: 'You have no available balance to pay out',
  sentByTransfer: 'This payout goes by bank transfer: it is marked paid when the provider confirms it',
  notATransfer: 'This payout is sent by hand: there is nothing to check with the provider',
  tooManyLookups: 'Too many payout account changes or look-ups; try again later',
  requested: 'Payout requested',
  providerUnreachable: 'The payment provider did not answer; try again in a few minutes',
} as const;

/**
 * The payout API (docs/decisions/0037-payouts.md). Amounts are `{amount, currency}` in minor units:
 * USD cents for what leaves the creator's balance, the account currency's minor units for what the
 * account receives. Exchange rates are decimal strings of local units per USD ('1550.25').
 */

/** Countries payouts go to by transfer, with the currency each is paid in. */
export const payoutCountries = [
  { code: 'NG', name: 'Nigeria', currency: 'NGN' },
  { code: 'GH', name: 'Ghana', currency: 'GHS' },
  { code: 'KE', name: 'Kenya', currency: 'KES' },
  { code: 'ZA', name: 'South Africa', currency: 'ZAR' },
] as const;
export const payoutCountryCodes = ['NG', 'GH', 'KE', 'ZA'] as const;
export const payoutAccountTypes = ['nuban', 'ghipss', 'kepss', 'basa', 'mobile_money'] as const;

const countrySchema = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.enum(payoutCountryCodes, { error: 'Choose a country from the list' }));
const accountNumberSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6,20}$/, { error: 'Enter the account number: 6 to 20 digits' }));

/** GET /api/payouts/banks?country=NG[&type=mobile_money] */
export const payoutBanksQuerySchema = z.object({
  country: countrySchema,
  type: z.enum(payoutAccountTypes).optional(),
});
export const payoutBankSchema = z.object({
  name: z.string(),
  code: z.string(),
  type: z.enum(payoutAccountTypes),
  currency: z.string(),
});
export const payoutBankListSchema = z.object({ items: z.array(payoutBankSchema) });
export type PayoutBank = z.infer<typeof payoutBankSchema>;

/** POST /api/payouts/account/resolve: the holder's name, for the creator to confirm; nothing is saved. */
export const resolvePayoutAccountSchema = z.object({
  country: countrySchema,
  bankCode: z.string().trim().min(1, { error: 'Choose your bank from the list' }).max(40),
  accountNumber: accountNumberSchema,
  type: z.enum(payoutAccountTypes).optional(),
});
export const resolvedPayoutAccountSchema = z.object({
  accountName: z.string(),
  bankName: z.string(),
  last4: z.string(),
});
export type ResolvedPayoutAccount = z.infer<typeof resolvedPayoutAccountSchema>;

/**
 * PUT /api/payouts/account: adds or replaces the payout account. `currentPassword` confirms it is
 * the account's owner (an account made with Google confirms with its email address); with two-step
 * sign-in on, a recent code is needed too (403 TWO_FACTOR_REQUIRED).
 */
export const savePayoutAccountSchema = resolvePayoutAccountSchema.extend({
  currentPassword: z.string().min(1, { error: 'Enter your current password to confirm' }).max(200),
});

/** The payout account as shown: never the whole number. */
export const payoutAccountSchema = z.object({
  country: z.string(),
  currency: z.string(),
  type: z.enum(payoutAccountTypes),
  bankName: z.string(),
  last4: z.string(),
  accountName: z.string(),
  addedAt: z.string(),
});
export type PayoutAccountView = z.infer<typeof payoutAccountSchema>;

export const payoutSchedules = ['on_request', 'weekly'] as const;

/** GET /api/payouts/settings (creators) */
export const payoutSettingsSchema = z.object({
  /** False when payouts are sent by hand only (no transfer provider on this server). */
  transfersEnabled: z.boolean(),
  countries: z.array(z.object({ code: z.string(), name: z.string(), currency: z.string() })),
  account: payoutAccountSchema.nullable(),
  schedule: z.enum(payoutSchedules),
  /** ISO weekday of weekly payouts, 1 (Monday) to 7 (Sunday); null on request. */
  weekday: z.number().int().nullable(),
  minimum: moneySchema,
  platformMinimum: moneySchema,
  /** Automatic payouts wait until then after an account change; null when not held. */
  automaticHoldUntil: z.string().nullable(),
  /** Days an earning is held before it can be paid out (EARNINGS_HOLD_DAYS). */
  holdDays: z.number().int(),
  /** Days automatic payouts wait after the payout account changed. */
  accountChangeHoldDays: z.number().int(),
});
export type PayoutSettingsView = z.infer<typeof payoutSettingsSchema>;

/** PUT /api/payouts/settings */
export const updatePayoutSettingsSchema = z.object({
  schedule: z.enum(payoutSchedules),
  weekday: z.number().int().min(1).max(7).nullable().optional(),
  /** USD cents; null: the platform's minimum. */
  minimumCents: z.number().int().positive().max(100_000_000).nullable().optional(),
});

const amountCentsSchema = z
  .number({ error: 'Enter an amount in whole cents' })
  .int({ error: 'Enter an amount in whole cents' })
  .positive({ error: 'Enter an amount above zero' })
  .max(100_000_000_00);

/** POST /api/payouts/quote: what a payout of this amount would be; nothing is set aside. */
export const payoutQuoteRequestSchema = z.object({ amountCents: amountCentsSchema });
export const payoutQuoteSchema = z.object({
  amount: moneySchema,
  available: moneySchema,
  method: z.enum(['transfer', 'manual']),
  /** What the account receives (transfers); null when an admin sends it by hand in USD. */
  local: z.object({ amount: moneySchema, rate: z.string(), rateSetAt: z.string() }).nullable(),
  account: payoutAccountSchema.nullable(),
});
export type PayoutQuote = z.infer<typeof payoutQuoteSchema>;

/**
 * POST /api/wallet/payouts: `amountCents` (default: the whole available balance) and the client's
 * `idempotencyKey` (a double click or a retried request makes one payout).
 */
export const requestPayoutSchema = z.object({
  amountCents: amountCentsSchema.optional(),
  idempotencyKey: z.string().trim().min(8).max(80).optional(),
});

/** A payout as its creator sees it (the answer to POST /api/wallet/payouts is `{message, payout}`). */
export const payoutDetailSchema = z.object({
  id: z.string(),
  reference: z.string(),
  amount: moneySchema,
  status: z.enum(payoutStatuses),
  method: z.enum(['transfer', 'manual']),
  origin: z.enum(['request', 'weekly']),
  /** What the account receives, at `rate` local units per USD (transfers). */
  local: moneySchema.nullable(),
  rate: z.string().nullable(),
  /** The provider's fee, in the local currency, once known. */
  fee: moneySchema.nullable(),
  account: z.object({ bankName: z.string(), last4: z.string() }).nullable(),
  failureReason: z.string().nullable(),
  requestedAt: z.string(),
  initiatedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  returnedAt: z.string().nullable(),
  /** When the money should reach the account (sent and not settled); null otherwise. */
  expectedBy: z.string().nullable(),
  note: z.string().nullable(),
});
export type PayoutDetail = z.infer<typeof payoutDetailSchema>;

export const requestPayoutResponseSchema = z.object({ message: z.string(), payout: payoutDetailSchema });

/** GET /api/payouts?cursor=&limit= (newest first) */
export const payoutHistoryQuerySchema = pageQuery;
export const payoutHistorySchema = z.object({
  items: z.array(payoutDetailSchema),
  nextCursor: z.string().nullable(),
});

/** An admin's view of a payout: the creator, and the provider's side. */
export const adminPayoutDetailSchema = payoutDetailSchema.extend({
  creator: z.object({
    id: z.string(),
    userId: z.string(),
    handle: z.string(),
    displayName: z.string(),
    email: z.string(),
  }),
  transferCode: z.string().nullable(),
  lastVerifiedAt: z.string().nullable(),
});
export type AdminPayoutDetail = z.infer<typeof adminPayoutDetailSchema>;

/** POST /api/admin/payouts/:id/otp */
export const finalizePayoutOtpSchema = z.object({
  otp: z
    .string()
    .trim()
    .regex(/^\d{4,8}$/, { error: 'Enter the OTP the provider sent: 4 to 8 digits' }),
});

/** What an admin action on a payout did (mark paid, OTP, verify). */
export const adminPayoutActionSchema = z.object({
  message: z.string(),
  payout: adminPayoutDetailSchema,
});

/** GET /api/admin/exchange-rates: the rate in force per payout currency. */
export const exchangeRateSchema = z.object({
  currency: z.string(),
  /** Local units per USD; null when never set (payouts in it are paused). */
  rate: z.string().nullable(),
  setAt: z.string().nullable(),
  /** Older than the operator's limit: payouts in this currency are refused until it is updated. */
  stale: z.boolean(),
});
export const exchangeRateListSchema = z.object({
  items: z.array(exchangeRateSchema),
  maxAgeHours: z.number(),
});
export type ExchangeRateView = z.infer<typeof exchangeRateSchema>;

/** PUT /api/admin/exchange-rates/:currency */
export const setExchangeRateSchema = z.object({
  rate: z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,6})?$/, { error: 'Enter the rate as a positive number with at most 6 decimals' }),
});
export const exchangeRateParamsSchema = z.object({
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.enum(['NGN', 'GHS', 'KES', 'ZAR'], { error: 'Choose a payout currency' })),
});

/** One difference between our payouts and the provider's transfers. */
export const reconcileDifferenceSchema = z.object({
  kind: z.enum(['unknown_to_us', 'missing_at_provider', 'status', 'amount', 'paid_twice']),
  reference: z.string(),
  /** Plain words: what differs. */
  detail: z.string(),
});

/** GET /api/admin/payouts/reconcile (the latest run) and POST (run now). */
export const reconcileReportSchema = z.object({
  ranAt: z.string(),
  from: z.string(),
  to: z.string(),
  compared: z.number().int(),
  differences: z.array(reconcileDifferenceSchema),
  balances: z.array(
    z.object({ currency: z.string(), balance: moneySchema, due: moneySchema, short: z.boolean() }),
  ),
});
export const latestReconcileSchema = z.object({
  transfersEnabled: z.boolean(),
  report: reconcileReportSchema.nullable(),
});
export type ReconcileReportView = z.infer<typeof reconcileReportSchema>;

/** GET /api/admin/payouts?status=&cursor=&limit= (open ones oldest first) */
export const adminPayoutDetailListSchema = z.object({
  items: z.array(adminPayoutDetailSchema),
  nextCursor: z.string().nullable(),
});
