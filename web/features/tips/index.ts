/**
 * What other features use of tips: its public surface. Other features import from this file only
 * (a Biome rule in biome.json enforces it); everything else in the folder is the feature's own.
 */
export { TipButton } from './components/tip-button.tsx';
export { TipMarker, tipPreview } from './components/tip-marker.tsx';
