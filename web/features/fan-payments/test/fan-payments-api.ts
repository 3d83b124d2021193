import type {
  CreatorPlanOption,
  FanSubscription,
  Subscriber,
  Transaction,
  Wallet,
} from '#common/schemas/fan-payments.ts';
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

const usd = (amount: number) => ({ amount, currency: 'USD' });

export const plans: CreatorPlanOption[] = [
  {
    id: 'monthly',
    name: 'Monthly',
    price: usd(999),
    months: 1,
    badge: null,
    savingPercent: 0,
    features: ['All videos', 'All media', 'Access to all posts'],
  },
  {
    id: 'six_months',
    name: '6 Months',
    price: usd(4795),
    months: 6,
    badge: 'Save 20%',
    savingPercent: 20,
    features: ['All videos', 'All media', 'Access to all posts'],
  },
];

export function buildFanSubscription(overrides: Partial<FanSubscription> = {}): FanSubscription {
  return {
    id: 's-1',
    creator: { id: 'c-1', userId: 'u-9', handle: 'lena', displayName: 'Lena Park', avatarUrl: null },
    plan: 'monthly',
    planName: 'Monthly',
    status: 'active',
    hasAccess: true,
    amount: usd(999),
    startedAt: '2026-03-01T10:00:00.000Z',
    currentPeriodStart: '2026-03-01T10:00:00.000Z',
    currentPeriodEnd: '2026-03-31T10:00:00.000Z',
    renews: true,
    trial: false,
    canceledAt: null,
    endedAt: null,
    ...overrides,
  };
}

export function buildTransaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: 't-1',
    kind: 'payment',
    transactionId: 'fpm-abc123',
    name: 'Lena Park',
    handle: 'lena',
    amount: usd(999),
    direction: 'debit',
    status: 'completed',
    paymentMethod: 'Card •••• 4081',
    description: 'You subscribed to Lena Park (Monthly)',
    date: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function buildSubscriber(overrides: Partial<Subscriber> = {}): Subscriber {
  return {
    id: 's-1',
    userId: 'u-2',
    name: 'Kofi Mensah',
    handle: null,
    status: 'Subscribed',
    date: '2026-03-01T10:00:00.000Z',
    plan: 'monthly',
    planName: 'Monthly',
    amount: usd(999),
    currentPeriodEnd: '2026-03-31T10:00:00.000Z',
    canceledAt: null,
    endedAt: null,
    trial: false,
    renews: true,
    activeUntil: '2026-03-31T10:00:00.000Z',
    retryAt: null,
    refunded: null,
    blocked: false,
    ...overrides,
  };
}

export function buildWallet(overrides: Partial<Wallet> = {}): Wallet {
  return {
    currency: 'USD',
    available: usd(1200),
    pending: usd(800),
    inPayout: usd(0),
    paidOut: usd(400),
    lifetimeEarnings: usd(2400),
    holdDays: 7,
    platformFeePercent: 20,
    nextAvailableAt: '2026-03-08T10:00:00.000Z',
    openPayout: null,
    automaticPayoutsMessage: 'You are paid when you ask: request a payout of your available balance here.',
    history: {
      items: [
        {
          id: 'w-1',
          kind: 'earning',
          description: 'Subscription from Kofi Mensah',
          amount: usd(799),
          availableAt: '2099-03-08T10:00:00.000Z',
          createdAt: '2026-03-01T10:00:00.000Z',
        },
        {
          id: 'w-2',
          kind: 'payout',
          description: 'Payout sent',
          amount: usd(-400),
          availableAt: null,
          createdAt: '2026-02-20T10:00:00.000Z',
        },
      ],
      nextCursor: null,
    },
    ...overrides,
  };
}
