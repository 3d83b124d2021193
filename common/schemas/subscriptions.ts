import { z } from 'zod';
import { billingPeriods, planIds } from '../plans.ts';

export const subscriptionMessages = {
  choosePlan: 'Please choose a plan',
  chooseBillingPeriod: 'Please choose monthly or yearly billing',
  referenceRequired: 'A payment reference is required',
  paymentNotFound: 'Payment not found',
  alreadySubscribed: 'You already have a plan. Change it from your current plan instead.',
  noSubscription: 'You have no plan to change',
  pastDue: 'Your last renewal payment failed. Choose a plan to pay now.',
  alreadyCanceled: 'Your plan already ends at the end of this period',
  verified: 'Payment verified successfully',
  failed: 'Your card was declined, so no payment was taken. Please try again or use another card.',
  abandoned: 'The checkout was cancelled. No payment was taken.',
  pending: 'The payment is still being processed',
  refused: 'The payment could not be accepted and will be refunded',
} as const;

const m = subscriptionMessages;

export const planIdSchema = z.enum(planIds, { error: m.choosePlan });
export const billingPeriodSchema = z.enum(billingPeriods, { error: m.chooseBillingPeriod });

/** Money on the wire: integer minor units plus an ISO currency (never floats). */
export const moneySchema = z.object({
  amount: z.number().int(),
  currency: z.string().length(3),
});

export const subscriptionPlanSchema = z.object({
  id: planIdSchema,
  name: z.string(),
  description: z.string(),
  price: z.number().describe('Monthly price in naira (the spec field)'),
  yearlyPrice: z.number().describe('Yearly price in naira (10 x monthly)'),
  duration: z.number().int().describe('Days in a monthly period'),
  trialDays: z.number().int(),
  popular: z.boolean(),
  badge: z.string().nullable(),
  features: z.array(z.string()),
  prices: z.object({ monthly: moneySchema, yearly: moneySchema }),
});

export const plansResponseSchema = z.object({ items: z.array(subscriptionPlanSchema) });

export const subscriptionStatuses = ['trialing', 'active', 'past_due', 'canceled', 'expired'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

export const currentSubscriptionSchema = z.object({
  id: z.string(),
  planId: planIdSchema,
  planName: z.string(),
  billingPeriod: billingPeriodSchema,
  status: z.enum(subscriptionStatuses),
  currentPeriodStart: z.iso.datetime(),
  currentPeriodEnd: z.iso.datetime(),
  trialEnd: z.iso.datetime().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  canceledAt: z.iso.datetime().nullable(),
  endedAt: z.iso.datetime().nullable(),
  /** What the next renewal charges (after a pending plan change). */
  amount: moneySchema,
  nextRetryAt: z.iso.datetime().nullable(),
  /** A plan change that takes effect at the next renewal. */
  nextPlan: z
    .object({
      planId: planIdSchema,
      planName: z.string(),
      billingPeriod: billingPeriodSchema,
      amount: moneySchema,
    })
    .nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
});

export const currentSubscriptionResponseSchema = z.object({
  subscription: currentSubscriptionSchema.nullable(),
  /** A first plan starts with the free trial; an account gets one trial. */
  trialEligible: z.boolean(),
});

export const initializePaymentSchema = z.object({
  planId: planIdSchema,
  billingPeriod: billingPeriodSchema.default('monthly'),
});

export const initializePaymentResponseSchema = z.object({
  /** The provider's checkout page; the built-in sandbox answers a path on this server. */
  authorization_url: z
    .string()
    .refine((value) => value.startsWith('/') || /^https?:\/\//.test(value), 'Invalid checkout URL'),
  reference: z.string(),
  /** True when this checkout starts the free trial (a refunded card check, not the plan price). */
  trial: z.boolean(),
  amount: moneySchema,
});

export const verifyPaymentSchema = z.object({
  reference: z
    .string({ error: m.referenceRequired })
    .trim()
    .min(1, m.referenceRequired)
    .max(100, m.paymentNotFound),
});

export const paymentOutcomes = ['succeeded', 'failed', 'abandoned', 'pending', 'refused'] as const;
export type PaymentOutcome = (typeof paymentOutcomes)[number];

export const verifyPaymentResponseSchema = z.object({
  status: z.enum(paymentOutcomes),
  message: z.string(),
  subscription: currentSubscriptionSchema.nullable(),
});

export const changePlanSchema = z.object({
  planId: planIdSchema,
  billingPeriod: billingPeriodSchema,
});

export type SubscriptionPlanView = z.infer<typeof subscriptionPlanSchema>;
export type CurrentSubscription = z.infer<typeof currentSubscriptionSchema>;
export type CurrentSubscriptionResponse = z.infer<typeof currentSubscriptionResponseSchema>;
export type InitializePaymentInput = z.input<typeof initializePaymentSchema>;
export type InitializePaymentResponse = z.infer<typeof initializePaymentResponseSchema>;
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponseSchema>;
export type ChangePlanInput = z.infer<typeof changePlanSchema>;
