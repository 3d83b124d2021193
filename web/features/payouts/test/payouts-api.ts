import type { PayoutBank, PayoutDetail, PayoutQuote, PayoutSettingsView } from '#common/schemas/payouts.ts';

const usd = (amount: number) => ({ amount, currency: 'USD' });

export const payoutCountryList = [
  { code: 'NG', name: 'Nigeria', currency: 'NGN' },
  { code: 'GH', name: 'Ghana', currency: 'GHS' },
  { code: 'KE', name: 'Kenya', currency: 'KES' },
  { code: 'ZA', name: 'South Africa', currency: 'ZAR' },
];

export const gtbank = {
  country: 'NG',
  currency: 'NGN',
  type: 'nuban' as const,
  bankName: 'Guaranty Trust Bank',
  last4: '6789',
  accountName: 'ADA LOVELACE',
  addedAt: '2026-03-01T10:00:00.000Z',
};

export function buildPayoutSettings(overrides: Partial<PayoutSettingsView> = {}): PayoutSettingsView {
  return {
    transfersEnabled: true,
    countries: payoutCountryList,
    account: null,
    schedule: 'on_request',
    weekday: null,
    minimum: usd(2000),
    platformMinimum: usd(2000),
    automaticHoldUntil: null,
    holdDays: 7,
    accountChangeHoldDays: 5,
    ...overrides,
  };
}

export const nigerianBanks: PayoutBank[] = [
  { name: 'Access Bank', code: '044', type: 'nuban', currency: 'NGN' },
  { name: 'Guaranty Trust Bank', code: '058', type: 'nuban', currency: 'NGN' },
];

export const ghanaianBanks: PayoutBank[] = [
  { name: 'GCB Bank', code: 'GCB', type: 'ghipss', currency: 'GHS' },
  { name: 'MTN Mobile Money', code: 'MTN', type: 'mobile_money', currency: 'GHS' },
];

export function buildPayoutDetail(overrides: Partial<PayoutDetail> = {}): PayoutDetail {
  return {
    id: 'po-1',
    reference: 'payout_0b7e',
    amount: usd(1200),
    status: 'paid',
    method: 'transfer',
    origin: 'request',
    local: { amount: 1_860_300, currency: 'NGN' },
    rate: '1550.25',
    fee: null,
    account: { bankName: 'Guaranty Trust Bank', last4: '6789' },
    failureReason: null,
    requestedAt: '2026-03-10T10:00:00.000Z',
    initiatedAt: '2026-03-10T10:05:00.000Z',
    paidAt: '2026-03-10T11:00:00.000Z',
    returnedAt: null,
    expectedBy: null,
    note: null,
    ...overrides,
  };
}

export function buildQuote(overrides: Partial<PayoutQuote> = {}): PayoutQuote {
  return {
    amount: usd(1200),
    available: usd(1200),
    method: 'transfer',
    local: {
      amount: { amount: 1_860_300, currency: 'NGN' },
      rate: '1550.25',
      rateSetAt: '2026-03-10T08:00:00.000Z',
    },
    account: gtbank,
    ...overrides,
  };
}
