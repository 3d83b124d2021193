/**
 * What other features use of post-content (making and changing a post): its public surface. Other
 * features import from this file only (a Biome rule in biome.json enforces it).
 */
export { ownTimeZone } from './components/schedule-field.tsx';
export { fileProblem, instantToLocal, localToInstant, timeProblems } from './post-draft.ts';
