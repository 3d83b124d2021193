/**
 * What other features and the app shell use of fan payments (fan subscriptions, unlocks, wallet,
 * checkout): its public surface. Other features import from this file only (a Biome rule
 * in biome.json enforces it); everything else in the folder is the feature's own.
 */
export { useCreatorSubscription } from './api/get-creator-subscription.ts';
export { useLinkOffer, useLinkOfferTerms } from './api/get-link-offer.ts';
export { CheckoutReturnHost } from './components/checkout-return-host.tsx';
export { LazySelectPlanDialog } from './components/lazy-select-plan-dialog.tsx';
export { OneTapHost } from './components/one-tap-host.tsx';
export { PaymentSubscriptionTab } from './components/payment-subscription-tab.tsx';
export { SubscribeBanner } from './components/subscribe-banner.tsx';
export { UnlockCheckoutButton } from './components/unlock-checkout-button.tsx';
export { WalletView } from './components/wallet-view.tsx';
export { type PaymentOffer, useStartCheckout } from './use-start-checkout.ts';
