/**
 * What the app shell uses of agent plans (the plan choice on the pricing page, the current plan,
 * changing and cancelling it): its public surface. Other code imports from this file only (a Biome
 * rule in biome.json enforces it for features); everything else in the folder is the feature's own.
 */
export { PricingPage } from './components/pricing-page.tsx';
