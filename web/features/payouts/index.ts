/**
 * What other parts of the app use of payouts (the creator's payout account, schedule and history):
 * its public surface. Other features import from this file only (a Biome rule in biome.json enforces
 * it); everything else in the folder is the feature's own.
 */
export { usePayoutQuote } from './api/get-payout-quote.ts';
export { PayoutQuoteSummary } from './components/payout-quote-summary.tsx';
export { PayoutsView } from './components/payouts-view.tsx';
export { centsToDollars, dollarsToCents } from './format.ts';
