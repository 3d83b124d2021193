/**
 * What other features use of messages: its public surface. Other features import from this file
 * only (a Biome rule in biome.json enforces it).
 */
export { PurchasedMessages } from './components/purchased-messages.tsx';
