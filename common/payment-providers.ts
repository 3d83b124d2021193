/** The card processors a payment can go through: the embedded sandbox, or Paystack. */
export const paymentProviders = ['sandbox', 'paystack'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];
