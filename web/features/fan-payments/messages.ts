/** What the fan payment screens say that the server does not (its answers carry their own messages). */
export const checkoutToasts = {
  signInToSubscribe: 'Please sign in to subscribe',
  signInToUnlock: 'Please sign in to unlock this post',
  initializeFailed: 'Failed to initialize payment',
  verifyFailed: 'Failed to verify payment',
} as const;
