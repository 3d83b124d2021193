import type { MediaRecord } from '../repositories/media.repository.ts';
import type { UserRecord } from '../repositories/users.repository.ts';
import { isAdmin } from './account.ts';

export type MediaViewer = Pick<UserRecord, 'id' | 'role'>;
type MediaFacts = Pick<MediaRecord, 'ownerId' | 'kind' | 'visibility'>;

/**
 * - `full`: every rendition (signed URLs for private ones).
 * - `preview`: the object exists for this viewer, but only its blurred preview and thumbhash.
 * - `none`: to this viewer it does not exist (404).
 */
export type MediaAccess = 'full' | 'preview' | 'none';

/**
 * Who sees what of one media object. Owners and admins see everything; public media (avatars,
 * banners, property photos) is everyone's; for private post media the caller says whether the
 * viewer is entitled (a subscriber or buyer, decided by the posts rules). Identity documents are
 * for admins only: their owner sees that the object exists, never a link to it.
 */
export function mediaAccess(
  viewer: MediaViewer | null,
  media: MediaFacts,
  context: { isEntitled?: boolean } = {},
): MediaAccess {
  const admin = viewer !== null && isAdmin(viewer);
  const owner = viewer !== null && viewer.id === media.ownerId;
  if (media.kind === 'identity_document') return admin ? 'full' : owner ? 'preview' : 'none';
  if (media.visibility === 'public' || owner || admin) return 'full';
  return context.isEntitled === true ? 'full' : 'preview';
}

/** Only the owner deletes; to anyone else the media does not exist. */
export function canDeleteMedia(viewer: MediaViewer, media: Pick<MediaRecord, 'ownerId'>): boolean {
  return viewer.id === media.ownerId;
}

/**
 * Renditions anyone may fetch without a signature, cached for a year: everything of public media,
 * and the blurred preview of private media. Identity documents have none.
 */
export function isPublicVariant(media: MediaFacts, variant: string): boolean {
  if (media.kind === 'identity_document') return false;
  return media.visibility === 'public' || variant === 'preview';
}

/** Identity documents are checked on every request against the requester's role, never a link. */
export function canFetchIdentityDocument(viewer: MediaViewer | null): boolean {
  return viewer !== null && isAdmin(viewer);
}
