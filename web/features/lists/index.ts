/**
 * What other features use of lists (a fan's named lists of creators): its public surface. Other
 * features import from this file only (a Biome rule in biome.json enforces it).
 */
export { AddToListButton } from './components/add-to-list-button.tsx';
