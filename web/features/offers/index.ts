/**
 * What other features use of offers (free trials and promotions): its public surface. Other
 * features import from this file only (a Biome rule in biome.json enforces it).
 */
export { OfferCard } from './components/offer-card.tsx';
export { OffersPage } from './components/offers-page.tsx';
