/**
 * What other features use of post-content (making and changing a post): its public surface. Other
 * features import from this file only (a Biome rule in biome.json enforces it).
 */
export { fileProblem } from './post-draft.ts';
