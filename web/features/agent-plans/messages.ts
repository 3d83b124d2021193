/** What the pricing page tells the user (spec section 8), in one place. */
export const pricingToasts = {
  plansFailed: 'Failed to fetch subscription plans',
  signInFirst: 'Please sign in to subscribe to a plan',
  initializeFailed: 'Failed to initialize payment',
  verified: 'Payment verified successfully',
  verifyFailed: 'Failed to verify payment',
  cancelFailed: 'Failed to cancel your plan',
  changeFailed: 'Failed to change your plan',
} as const;
