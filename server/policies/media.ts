/**
 * The media rules are rows of the action table (server/policies/actions/media.ts); which renditions
 * are public, a fact of the media, stays importable from here.
 */
export { isPublicVariant } from './actions/media.ts';
