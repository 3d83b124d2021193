/**
 * What other features use of media: its public surface. Other features import from this file only
 * (a Biome rule in biome.json enforces it); everything else in the folder is the feature's own.
 */
export { deleteMedia, mediaPath } from './api/delete-media.ts';
export { useMediaStatus } from './api/get-media.ts';
