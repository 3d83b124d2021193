import type { AdminPayoutDetail, ExchangeRateView, ReconcileReportView } from '#common/schemas/payouts.ts';
import { json, type RecordedRequest, stubFetch } from '../../../test/fetch-stub.ts';

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/** Routes a stubbed fetch by 'METHOD /api/path' (the query is ignored); anything unknown is a 404. */
export function stubApi(handlers: Record<string, Handler>): RecordedRequest[] {
  return stubFetch((request) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    const handler = handlers[`${request.method} ${path}`];
    return handler ? handler(request) : json(404, { message: 'Not found', code: 'NOT_FOUND' });
  });
}

export const page = <T>(items: T[], nextCursor: string | null = null) => json(200, { items, nextCursor });

/** The query parameters a request was made with. */
export const paramsOf = (request: RecordedRequest | undefined) =>
  Object.fromEntries(new URL(request?.url ?? '/', 'http://localhost').searchParams);

export const bodyOf = (request: RecordedRequest | undefined): unknown => JSON.parse(request?.body ?? 'null');

/** A payout by hand, waiting for an admin to send it. */
export function buildPayout(overrides: Partial<AdminPayoutDetail> = {}): AdminPayoutDetail {
  return {
    id: 'po-1',
    reference: 'payout_0001',
    amount: { amount: 1200, currency: 'USD' },
    status: 'requested',
    method: 'manual',
    origin: 'request',
    local: null,
    rate: null,
    fee: null,
    account: null,
    failureReason: null,
    requestedAt: '2026-03-10T10:00:00.000Z',
    initiatedAt: null,
    paidAt: null,
    returnedAt: null,
    expectedBy: '2026-03-13T10:00:00.000Z',
    note: null,
    creator: {
      id: 'c-1',
      userId: 'u-9',
      handle: 'lena',
      displayName: 'Lena Park',
      email: 'lena@example.com',
    },
    transferCode: null,
    lastVerifiedAt: null,
    ...overrides,
  };
}

/** A transfer to a Nigerian account: $12.00 at 1550.25 naira. */
export function buildTransfer(overrides: Partial<AdminPayoutDetail> = {}): AdminPayoutDetail {
  return buildPayout({
    id: 'po-2',
    reference: 'payout_0002',
    method: 'transfer',
    status: 'pending',
    local: { amount: 1_860_300, currency: 'NGN' },
    rate: '1550.25',
    fee: { amount: 1000, currency: 'NGN' },
    account: { bankName: 'Guaranty Trust Bank', last4: '6789' },
    initiatedAt: '2026-03-10T10:05:00.000Z',
    transferCode: 'TRF_abc123',
    expectedBy: '2026-03-11T10:05:00.000Z',
    creator: {
      id: 'c-2',
      userId: 'u-8',
      handle: 'tunde',
      displayName: 'Tunde Bello',
      email: 'tunde@example.com',
    },
    ...overrides,
  });
}

export function buildRates(overrides: Partial<Record<string, Partial<ExchangeRateView>>> = {}) {
  return {
    maxAgeHours: 24,
    items: ['NGN', 'GHS', 'KES', 'ZAR'].map((currency) => ({
      currency,
      rate: currency === 'NGN' ? '1550.25' : null,
      setAt: currency === 'NGN' ? '2026-03-10T09:00:00.000Z' : null,
      stale: currency !== 'NGN',
      ...overrides[currency],
    })),
  };
}

export function buildReport(overrides: Partial<ReconcileReportView> = {}): ReconcileReportView {
  return {
    ranAt: '2026-03-11T02:00:00.000Z',
    from: '2026-03-10T00:00:00.000Z',
    to: '2026-03-11T00:00:00.000Z',
    compared: 3,
    differences: [],
    balances: [
      {
        currency: 'NGN',
        balance: { amount: 5_000_000, currency: 'NGN' },
        due: { amount: 1_860_300, currency: 'NGN' },
        short: false,
      },
    ],
    ...overrides,
  };
}

/** The page's other two sections, answered so a test can look at one. */
export const quietSections = {
  'GET /api/admin/exchange-rates': () => json(200, buildRates()),
  'GET /api/admin/payouts/reconcile': () => json(200, { transfersEnabled: true, report: buildReport() }),
};
