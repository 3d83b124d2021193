import { z } from 'zod';
import { pageQuery } from './pagination.ts';
import { postListSchema } from './posts.ts';
import { creatorPlanIds, creatorPricing } from './pricing.ts';

/**
 * Fan payments: subscribing to creators, pay-per-view unlocks, the creator's wallet,
 * transactions and subscriber management. Amounts are integer USD cents (`{amount, currency}`), dates
 * are ISO 8601 strings, lists are keyset pages (`{items, nextCursor}`; pass `cursor=nextCursor`).
 * Checkouts go through the payment provider: the browser is sent to `authorization_url` and comes
 * back to `returnTo` with `?trxref=&reference=`; the page then calls `POST /api/fan-payments/verify`.
 */

export { type CreatorPlanId, creatorPlanFeatures, creatorPlanIds, creatorPlanNames } from './pricing.ts';

/** The wording users see; the spec's own where it has one. */
export const fanPaymentMessages = {
  choosePlan: 'Please choose a plan',
  planNotOffered: (name: string) =>
    `This creator does not offer the ${name} plan. Please choose another plan`,
  cannotSubscribeSelf: 'You cannot subscribe to yourself',
  cannotSubscribeBlocked: 'You cannot subscribe to this creator',
  creatorNotAccepting: 'This creator is not accepting subscriptions yet',
  alreadySubscribed: 'You are already subscribed to this creator',
  creatorNotFound: 'Creator not found',
  postNotFound: 'Post not found',
  notForSale: 'This post is not for sale',
  ownPost: 'This is your own post',
  alreadyUnlocked: 'You already unlocked this post',
  cannotUnlockBlocked: 'You cannot unlock this post',
  verifyEmailToPay: 'Please verify your email address first: you can pay creators once it is verified',
  referenceRequired: 'A payment reference is required',
  paymentNotFound: 'Payment not found',
  verified: 'Payment verified successfully',
  subscribed: 'You are now subscribed',
  unlocked: 'Post unlocked',
  failed: 'Your card was declined, so no payment was taken. Please try again or use another card.',
  abandoned: 'The checkout was cancelled. No payment was taken.',
  pending: 'The payment is still being processed',
  refused: 'The payment could not be accepted and will be refunded',
  failedToInitialize: 'Failed to initialize payment',
  failedToVerify: 'Failed to verify payment',
  subscriptionNotFound: 'Subscription not found',
  alreadyCanceled: 'This subscription already ends at the end of its period',
  subscriptionEnded: 'This subscription has already ended',
  canceled: 'Subscription cancelled. You keep access until the end of the period.',
  unsubscribed: 'User unsubscribed. The unused part of their payment was refunded.',
  notCreator: 'Become a creator first',
  transactionNotFound: 'Transaction not found',
  transactionDeleted: 'Transaction deleted',
  invalidDate: 'Please choose a valid date',
  dateRangeOrder: 'The start date must be on or before the end date',
  noAvailableBalance: 'You have no available balance to pay out',
  payoutOpen: 'You already have a payout request in progress',
  payoutNotFound: 'Payout not found',
  payoutAlreadyPaid: 'This payout is already marked as paid',
  payoutPaid: 'Payout marked as paid',
  automaticPayouts:
    'Payouts go to your bank account when you request them, or every week on the day you choose. Set up your account and schedule in Payout settings.',
} as const;

const m = fanPaymentMessages;

export const moneySchema = z.object({ amount: z.number().int(), currency: z.string() });
export type MoneyView = z.infer<typeof moneySchema>;

export const creatorPlanIdSchema = z.enum(creatorPlanIds, { error: m.choosePlan });

/**
 * Where the provider sends the browser back: a path on this site (e.g. `/public-profile/alice`),
 * never another origin. The server falls back to the creator's profile.
 */
export const returnToSchema = z
  .string()
  .trim()
  .max(500)
  .refine((value) => value.startsWith('/') && !value.startsWith('//') && !value.includes('\\'), {
    message: 'Invalid return path',
  });

/** POST /api/creators/:handle/subscribe */
/**
 * How a payment is made: on the provider's checkout page (the default), or in one tap with the card
 * the fan paid with last (`saved_card`, charged by the server: no page to go to).
 */
export const payWithSchema = z.enum(['checkout', 'saved_card']);
export type PayWith = z.infer<typeof payWithSchema>;

export const subscribeSchema = z.object({
  payWith: payWithSchema.optional(),
  plan: creatorPlanIdSchema,
  returnTo: returnToSchema.optional(),
  /**
   * An offer's code (from its link): a promotion takes its discount off the first period; a free
   * trial (monthly plan only) starts at once with no checkout, as its claim does.
   */
  offer: z.string().trim().min(1).max(40).optional(),
  /** With a free trial's code: keep the subscription after the trial, paid, if a card is saved. */
  renew: z.boolean().optional(),
});
export type SubscribeInput = z.input<typeof subscribeSchema>;

/** POST /api/posts/:id/unlock (the body may be empty) */
export const unlockPostSchema = z.object({
  returnTo: returnToSchema.optional(),
  payWith: payWithSchema.optional(),
});
export type UnlockPostInput = z.input<typeof unlockPostSchema>;

/**
 * The answer of subscribe and unlock: go to `authorization_url` (a root-relative path for the
 * built-in sandbox, an https URL for Paystack). Concurrent or repeated requests for the same thing
 * answer the same pending checkout, so it is charged once.
 */
export const checkoutResponseSchema = z.object({
  authorization_url: z
    .string()
    .refine((value) => value.startsWith('/') || /^https?:\/\//.test(value), 'Invalid checkout URL'),
  reference: z.string(),
  amount: moneySchema,
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** POST /api/fan-payments/verify: after the return from checkout (webhooks may have settled it already). */
export const verifyCheckoutSchema = z.object({
  reference: z
    .string({ error: m.referenceRequired })
    .trim()
    .min(1, m.referenceRequired)
    .max(100, m.paymentNotFound),
});
export type VerifyCheckoutInput = z.infer<typeof verifyCheckoutSchema>;

export const checkoutOutcomes = ['succeeded', 'failed', 'abandoned', 'pending', 'refused'] as const;
export type CheckoutOutcome = (typeof checkoutOutcomes)[number];

export const checkoutPurposes = ['creator_subscription', 'post_unlock', 'tip', 'message_unlock'] as const;
export type CheckoutPurpose = (typeof checkoutPurposes)[number];

/**
 * Stored subscription states: `active` renews; `past_due` had a failed renewal and is retried (no
 * access meanwhile); `canceled` was cancelled by the fan and keeps access until `currentPeriodEnd`;
 * `unsubscribed` was ended by the creator (refunded pro rata); `expired` ran out.
 */
export const fanSubscriptionStatuses = ['active', 'past_due', 'canceled', 'unsubscribed', 'expired'] as const;
export type FanSubscriptionStatus = (typeof fanSubscriptionStatuses)[number];

/** The creator's table (spec section 3 "Subscription row"). */
export const subscriberStatuses = ['Subscribed', 'Unsubscribed', 'Expired'] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];

const creatorRefSchema = z.object({
  id: z.string(),
  userId: z.string(),
  handle: z.string(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
});

/** A fan's subscription to one creator, as the fan sees it. */
export const fanSubscriptionSchema = z.object({
  id: z.string(),
  creator: creatorRefSchema,
  plan: creatorPlanIdSchema,
  planName: z.string(),
  status: z.enum(fanSubscriptionStatuses),
  /** True while subscriber-only posts are served (active, or cancelled before the period ends). */
  hasAccess: z.boolean(),
  /** What the last period cost, and what a renewal charges. */
  amount: moneySchema,
  startedAt: z.string(),
  currentPeriodStart: z.string(),
  currentPeriodEnd: z.string(),
  /** True when it renews at `currentPeriodEnd`. */
  renews: z.boolean(),
  /** True when the current (or last) period is a free trial: nothing was charged for it. */
  trial: z.boolean(),
  canceledAt: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type FanSubscription = z.infer<typeof fanSubscriptionSchema>;

export const verifyCheckoutResponseSchema = z.object({
  status: z.enum(checkoutOutcomes),
  message: z.string(),
  purpose: z.enum(checkoutPurposes),
  /** The creator the payment was for (to refetch their page). */
  creatorHandle: z.string().nullable(),
  /** Set for unlocks: the post to refetch, now with its original media. */
  postId: z.string().nullable(),
  subscription: fanSubscriptionSchema.nullable(),
});
export type VerifyCheckoutResponse = z.infer<typeof verifyCheckoutResponseSchema>;

/**
 * A payment made with the saved card (`payWith: 'saved_card'`, common/schemas/saved-cards.ts): the
 * outcome at once, as the return from a checkout page would give it (`succeeded`, `failed` with the
 * provider's reason, or `pending` while the bank confirms; settled when the answer comes).
 */
export const chargedResponseSchema = verifyCheckoutResponseSchema.extend({
  reference: z.string(),
  /** The card charged: brand and last four digits only. */
  card: z.object({ brand: z.string(), last4: z.string() }),
});
export type ChargedResponse = z.infer<typeof chargedResponseSchema>;

/** The answer of an unlock or a tip: a checkout page to go to, or the saved card already charged. */
export const paymentStartedSchema = z.union([checkoutResponseSchema, chargedResponseSchema]);
export type PaymentStarted = z.infer<typeof paymentStartedSchema>;

/** One option of the Select plan dialog. */
export const creatorPlanOptionSchema = z.object({
  id: creatorPlanIdSchema,
  name: z.string(),
  /** The whole price of the period (six months are charged at once). */
  price: moneySchema,
  months: z.number().int(),
  /** 'Save 20%' on the six-month plan; 'Save N%' on a discounted bundle (N from the real prices, rounded down). */
  badge: z.string().nullable(),
  /** The saving against paying monthly, whole percent rounded down (0 for monthly). */
  savingPercent: z.number().int().default(0),
  features: z.array(z.string()),
});
export type CreatorPlanOption = z.infer<typeof creatorPlanOptionSchema>;

/** GET /api/creators/:handle/subscription: the viewer's subscription to this creator and the plans. */
export const creatorSubscriptionStateSchema = z.object({
  plans: z.array(creatorPlanOptionSchema),
  /** The viewer's latest subscription to this creator (null when signed out or never subscribed). */
  subscription: fanSubscriptionSchema.nullable(),
  /** Whether Subscribe Now may start a checkout; otherwise `reason` says why not. */
  canSubscribe: z.boolean(),
  reason: z.string().nullable(),
});
export type CreatorSubscriptionState = z.infer<typeof creatorSubscriptionStateSchema>;

/** A free trial started (from its claim, or Subscribe with its code): no payment, access at once. */
export const trialStartedSchema = z.object({
  message: z.string(),
  /** Whether it goes on, paid, after the trial (the fan asked and has a saved card). */
  renews: z.boolean(),
  state: creatorSubscriptionStateSchema,
});
export type TrialStarted = z.infer<typeof trialStartedSchema>;

/**
 * The answer of POST /api/creators/:handle/subscribe: a checkout to go to, or, with a free trial's
 * code, the trial already started (nothing to pay).
 */
export const subscribeResponseSchema = z.union([
  checkoutResponseSchema,
  chargedResponseSchema,
  trialStartedSchema,
]);
export type SubscribeResponse = z.infer<typeof subscribeResponseSchema>;

/** GET /api/me/subscriptions?cursor= (newest first) */
export const fanSubscriptionListSchema = z.object({
  items: z.array(fanSubscriptionSchema),
  nextCursor: z.string().nullable(),
});
export type FanSubscriptionList = z.infer<typeof fanSubscriptionListSchema>;

/** POST /api/me/subscriptions/:id/cancel */
export const cancelSubscriptionResponseSchema = z.object({
  message: z.string(),
  subscription: fanSubscriptionSchema,
});
export type CancelSubscriptionResponse = z.infer<typeof cancelSubscriptionResponseSchema>;

/** GET /api/me/purchases?cursor= : the private profile's Purchased tab (post cards, unlocked). */
export const purchasesResponseSchema = postListSchema;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, m.invalidDate)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), m.invalidDate);

/**
 * The filters shared by both lists: `from` and `to` are calendar days (YYYY-MM-DD, UTC), both
 * inclusive; `q` searches names, handles and references (never emails: nobody sees another's).
 */
const listFilters = {
  q: z.string().trim().max(200).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  ...pageQuery.shape,
};

function checkRange(value: { from?: string; to?: string }, context: z.RefinementCtx) {
  if (value.from && value.to && value.from > value.to)
    context.addIssue({ code: 'custom', path: ['to'], message: m.dateRangeOrder });
}

/** GET /api/creators/me/subscribers?q=&status=&from=&to=&cursor=&limit= */
export const subscriberListQuerySchema = z
  .object({ ...listFilters, status: z.enum(subscriberStatuses).optional() })
  .superRefine(checkRange);
export type SubscriberListQuery = z.input<typeof subscriberListQuerySchema>;

/** One row of Manage Subscriptions (spec section 3 "Subscription row"). */
export const subscriberSchema = z.object({
  /** The subscription id (for unsubscribe). */
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  /** The fan's creator handle when they have an approved creator page (never their email). */
  handle: z.string().nullable(),
  status: z.enum(subscriberStatuses),
  /** When the subscription started (the row's date, and what the date range filters). */
  date: z.string(),
  plan: creatorPlanIdSchema,
  planName: z.string(),
  amount: moneySchema,
  currentPeriodEnd: z.string(),
  canceledAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** True when the current (or last) period is a free trial: nothing was charged for it. */
  trial: z.boolean(),
  /** True when it renews at `currentPeriodEnd` and charges `amount` (false once cancelled or ended). */
  renews: z.boolean(),
  /** Until when the fan has access in the current period (null when they have none now). */
  activeUntil: z.string().nullable(),
  /** A failed renewal's next retry (null unless the renewal is past due). */
  retryAt: z.string().nullable(),
  /** What was refunded when the creator unsubscribed them. */
  refunded: moneySchema.nullable(),
  /** Whether the creator has blocked this fan. */
  blocked: z.boolean(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

export const subscriberListSchema = z.object({
  items: z.array(subscriberSchema),
  nextCursor: z.string().nullable(),
});
export type SubscriberList = z.infer<typeof subscriberListSchema>;

/** POST /api/creators/me/subscribers/:subscriptionId/unsubscribe */
export const unsubscribeResponseSchema = z.object({
  message: z.string(),
  subscriber: subscriberSchema,
  /** The pro-rata refund (null when nothing was left to refund). */
  refund: moneySchema.nullable(),
});
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;

/** The spec's transaction statuses (section 3 "Transaction"). */
export const transactionStatuses = ['completed', 'pending', 'failed'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];

/**
 * What a row is: the viewer's own `payment` (a subscription, renewal or unlock), a `refund` of one,
 * a creator's `earning` from a fan's payment (after the platform fee), an `earning_reversal` (a
 * refund or chargeback taking an earning back), or a `payout`.
 */
export const transactionKinds = ['payment', 'refund', 'earning', 'earning_reversal', 'payout'] as const;
export type TransactionKind = (typeof transactionKinds)[number];

/** GET /api/me/transactions?q=&status=&from=&to=&cursor=&limit= */
export const transactionListQuerySchema = z
  .object({ ...listFilters, status: z.enum(transactionStatuses).optional() })
  .superRefine(checkRange);
export type TransactionListQuery = z.input<typeof transactionListQuerySchema>;

export const transactionSchema = z.object({
  id: z.string(),
  kind: z.enum(transactionKinds),
  /** The provider's reference (or the payout id for payouts): the spec's transactionId. */
  transactionId: z.string(),
  /**
   * The other side, by name and @handle (never an email): the creator paid for a payment or its
   * refund, the fan who paid for an earning or its reversal, the creator themself for a payout.
   */
  name: z.string(),
  handle: z.string().nullable(),
  /** Positive; `direction` says whether money went out of (`debit`) or into (`credit`) the viewer's hands. */
  amount: moneySchema,
  direction: z.enum(['debit', 'credit']),
  status: z.enum(transactionStatuses),
  /** e.g. 'Card •••• 4242', 'Wallet', 'Manual bank transfer'. */
  paymentMethod: z.string(),
  description: z.string(),
  date: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionListSchema = z.object({
  items: z.array(transactionSchema),
  nextCursor: z.string().nullable(),
});
export type TransactionList = z.infer<typeof transactionListSchema>;

/** GET /api/me/transactions/:id (View Details) */
export const transactionDetailSchema = transactionSchema.extend({
  /** For payments: the platform fee and the creator's share (creators see it on earnings too). */
  breakdown: z
    .object({ gross: moneySchema, platformFee: moneySchema, creatorEarning: moneySchema })
    .nullable(),
  /** Refunded part of a payment, if any. */
  refunded: moneySchema.nullable(),
});
export type TransactionDetail = z.infer<typeof transactionDetailSchema>;

/**
 * Where a payout stands (docs/decisions/0037-payouts.md). By hand: `requested` until an admin marks it
 * `paid`. By transfer: `requested` (queued), `sending` (the provider is being asked), `pending` or
 * `otp` (sent, outcome to come), then `paid`, `failed` (the money is back) or, after `paid`,
 * `reversed` (the bank sent it back; the money is back).
 */
export const payoutStatuses = [
  'requested',
  'sending',
  'pending',
  'otp',
  'paid',
  'failed',
  'reversed',
] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

export const payoutSchema = z.object({
  id: z.string(),
  amount: moneySchema,
  status: z.enum(payoutStatuses),
  requestedAt: z.string(),
  paidAt: z.string().nullable(),
  /** What the admin noted when settling (e.g. the bank transfer reference). */
  note: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

/** A wallet history line, from the creator's earnings account in the ledger (creator's sign). */
export const walletEntryKinds = ['earning', 'refund', 'chargeback', 'payout'] as const;
export const walletEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(walletEntryKinds),
  description: z.string(),
  /** Signed: positive adds to the creator's balance, negative takes from it. */
  amount: moneySchema,
  /** When an earning becomes available for payout (null for other kinds). */
  availableAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WalletEntry = z.infer<typeof walletEntrySchema>;

export const walletHistorySchema = z.object({
  items: z.array(walletEntrySchema),
  nextCursor: z.string().nullable(),
});
export type WalletHistory = z.infer<typeof walletHistorySchema>;

/**
 * GET /api/wallet (creators): balances are sums of ledger entries. `pending` is earned but still in
 * the hold period; `available` may be paid out; `inPayout` is requested and not yet paid;
 * `lifetimeEarnings` is all earnings net of reversals; `paidOut` is what payouts sent.
 * `history` is the first page; more with GET /api/wallet/history?cursor=.
 */
export const walletSchema = z.object({
  currency: z.string(),
  available: moneySchema,
  pending: moneySchema,
  inPayout: moneySchema,
  paidOut: moneySchema,
  lifetimeEarnings: moneySchema,
  holdDays: z.number().int(),
  platformFeePercent: z.number(),
  /** The next date pending earnings become available (null when nothing is pending). */
  nextAvailableAt: z.string().nullable(),
  openPayout: payoutSchema.nullable(),
  automaticPayoutsMessage: z.string(),
  history: walletHistorySchema,
});
export type Wallet = z.infer<typeof walletSchema>;

/** POST /api/admin/payouts/:id/paid (its answer: common/schemas/payouts.ts `adminPayoutActionSchema`) */
export const markPayoutPaidSchema = z.object({ note: z.string().trim().max(500).optional() });

export { creatorPricing };

/**
 * PUT /api/creators/me/price: an approved creator's new monthly price as typed ('12.99'), checked
 * as onboarding checks it (common/schemas/creators.ts `monthlyPriceProblem`). New subscribers pay it
 * at once; each renewing subscriber pays it from their next renewal and is told so first.
 */
export const changePriceSchema = z.object({ monthlyPrice: z.string().max(12) });
export type ChangePriceInput = z.infer<typeof changePriceSchema>;
export const priceChangeSchema = z.object({
  message: z.string(),
  monthlyPrice: moneySchema,
  /** Renewing subscribers moved to the new price from their next renewal, each told by email and notification. */
  subscribersNotified: z.number().int(),
});
export type PriceChange = z.infer<typeof priceChangeSchema>;
export const priceChangeMessages = {
  notCreator: 'Only the creator of this page can change its price',
  notApproved: 'You can change your price once your page is approved',
  unchanged: 'Your monthly price is already this amount',
  changed: 'Your subscription price was changed',
} as const;
