/**
 * What other parts of the app use of earnings: its public surface. Other features import from this
 * file only (a Biome rule in biome.json enforces it); everything else in the folder is the feature's own.
 */
export { EarningsView } from './components/earnings-view.tsx';
