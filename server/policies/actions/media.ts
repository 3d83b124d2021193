/** Media: who sees what of an upload, where it is shown, who deletes it; a creator's vault. */
import { creatorMessages } from '../../../common/schemas/creators.ts';
import { leakMessages, takedownMessages } from '../../../common/schemas/leaks.ts';
import { mediaMessages } from '../../../common/schemas/media.ts';
import { vaultMessages } from '../../../common/schemas/vault.ts';
import { regionBlocked } from '../../lib/viewer-region.ts';
import type { UserRecord } from '../../repositories/auth/users.repository.ts';
import type { MediaRecord } from '../../repositories/media/media.repository.ts';
import type { VaultFolderRecord } from '../../repositories/vault/vault.repository.ts';
import { type Actor, refuse } from '../actor.ts';
import { isAdmin, isSelf, row } from './row.ts';

export type MediaViewer = Pick<UserRecord, 'id' | 'role'>;
export type MediaFacts = Pick<MediaRecord, 'ownerId' | 'kind' | 'visibility'>;

/**
 * - `full`: every rendition (signed URLs for private ones).
 * - `preview`: the object exists for this viewer, but only its blurred preview and thumbhash.
 * - `none`: to this viewer it does not exist (404).
 */
export type MediaAccess = 'full' | 'preview' | 'none';

/**
 * Who sees what of one media object (the rows 'media:view' and 'media:full' answer from it). Owners
 * and admins see everything; public media (avatars, banners, property photos) is everyone's; for
 * private post media the caller says whether the viewer is entitled (a subscriber or buyer, decided
 * by the posts rules). Identity documents are for admins only: their owner sees that the object
 * exists, never a link to it.
 */
function mediaAccess(actor: Actor, media: MediaFacts, isEntitled?: boolean): MediaAccess {
  const admin = isAdmin(actor);
  const owner = isSelf(actor, media.ownerId);
  if (media.kind === 'identity_document') return admin ? 'full' : owner ? 'preview' : 'none';
  if (media.visibility === 'public' || owner || admin) return 'full';
  return isEntitled === true ? 'full' : 'preview';
}

/**
 * Renditions anyone may fetch without a signature, cached for a year: everything of public media,
 * and the blurred preview of private media. Identity documents have none. (Which links are signed:
 * a fact of the media, the same for every viewer.)
 */
export function isPublicVariant(media: Pick<MediaFacts, 'kind' | 'visibility'>, variant: string): boolean {
  if (media.kind === 'identity_document') return false;
  return media.visibility === 'public' || variant === 'preview';
}

export const mediaActions = {
  /** Seeing a media object at all: to whoever gets `none` (mediaAccess) it does not exist. */
  'media:view': row<{ media: MediaFacts }>(['GET /api/media/:id'], (actor, { media }) =>
    mediaAccess(actor, media) === 'none' ? refuse.notFound(mediaMessages.notFound) : null,
  ),
  /**
   * Every rendition of a media object, not only its blurred preview (asked with `can` where the
   * media is presented). `isEntitled`: the posts rules' answer for private post media.
   */
  'media:full': row<{ media: MediaFacts; isEntitled?: boolean }>(
    ['GET /api/media/:id', 'GET /api/posts/:id', 'POST /api/media/upload/identity-document'],
    (actor, { media, isEntitled }) =>
      mediaAccess(actor, media, isEntitled) === 'full' ? null : refuse.forbidden('This media is locked'),
  ),
  /**
   * A creator's media obeys their blocked countries (`ownerBlockedCountries`), direct links
   * included; owners and admins are exempt, and identity documents are not a creator's media.
   */
  'media:region': row<{
    media: Pick<MediaFacts, 'ownerId' | 'kind'>;
    ownerBlockedCountries: readonly string[] | null;
  }>(
    ['GET /api/media/:id', 'GET /api/media/:id/:variant', 'GET /api/media/:id/:variant/:file'],
    (actor, { media, ownerBlockedCountries }) => {
      if (media.kind === 'identity_document' || isSelf(actor, media.ownerId) || isAdmin(actor)) return null;
      return regionBlocked(ownerBlockedCountries) ? refuse.region(creatorMessages.regionBlocked) : null;
    },
  ),
  /** Identity documents are checked on every request against the requester's role, never a link. */
  'media:identity-document': row<Record<string, never>>(['GET /api/media/:id/:variant'], (actor) =>
    isAdmin(actor) ? null : refuse.notFound(mediaMessages.notFound),
  ),
  /** Only the owner deletes; to anyone else the media does not exist. */
  'media:delete': row<{ media: Pick<MediaFacts, 'ownerId'> | null }>(
    ['DELETE /api/media/delete'],
    (actor, { media }) =>
      media !== null && isSelf(actor, media.ownerId) ? null : refuse.notFound(mediaMessages.notFound),
  ),
  /**
   * Using an upload in a post, a page or a message: the owner's own, made for that purpose
   * (asked with `can`; each caller names what is missing in its own words).
   */
  'media:attach': row<{ media: Pick<MediaRecord, 'ownerId' | 'purpose'>; purpose: MediaRecord['purpose'] }>(
    [
      'POST /api/posts',
      'PATCH /api/creators/me',
      'PUT /api/creators/onboarding',
      'POST /api/conversations/:id/messages',
    ],
    (actor, { media, purpose }) =>
      isSelf(actor, media.ownerId) && media.purpose === purpose
        ? null
        : refuse.notFound(mediaMessages.notFound),
  ),
  /** A resumable upload belongs to the user who started it; to anyone else it does not exist. */
  'upload:continue': row<{ ownerId: string | null }>(
    ['HEAD /api/uploads/:id', 'PATCH /api/uploads/:id', 'DELETE /api/uploads/:id'],
    (actor, upload) =>
      upload.ownerId !== null && isSelf(actor, upload.ownerId) ? null : refuse.notFound('Upload not found'),
  ),

  /** The vault is a creator's (`isCreator`: the actor has a creator page). */
  'vault:use': row<{ isCreator: boolean }>(
    ['GET /api/vault', 'GET /api/vault/folders', 'POST /api/vault/folders'],
    (actor, facts) =>
      actor.user !== null && facts.isCreator ? null : refuse.forbidden(vaultMessages.onlyCreators),
  ),
  /** A vault item is one of the owner's uploads for posts; anything else is not in their vault. */
  'vault:item': row<{ media: Pick<MediaRecord, 'ownerId' | 'purpose'> | null }>(
    ['PUT /api/vault/items/:id/folder', 'DELETE /api/vault/items/:id'],
    (actor, { media }) =>
      media?.purpose === 'post' && isSelf(actor, media.ownerId)
        ? null
        : refuse.notFound(vaultMessages.itemNotFound),
  ),
  /** A vault folder is its creator's alone: to anyone else it does not exist. */
  'vault:folder': row<{ folder: Pick<VaultFolderRecord, 'ownerId'> | null }>(
    ['PATCH /api/vault/folders/:id', 'DELETE /api/vault/folders/:id', 'PUT /api/vault/items/:id/folder'],
    (actor, { folder }) =>
      folder && isSelf(actor, folder.ownerId) ? null : refuse.notFound(vaultMessages.folderNotFound),
  ),
  /**
   * Tracing a leaked copy: an approved creator among their own photos, an admin among everyone's
   * (`isCreator`: the actor has an approved creator page).
   */
  'leak:trace': row<{ isCreator: boolean }>(['POST /api/leaks/trace'], (actor, facts) =>
    actor.user !== null && (facts.isCreator || isAdmin(actor))
      ? null
      : refuse.forbidden(leakMessages.onlyCreators),
  ),
  /**
   * Which media a trace searches: everyone's for an admin (asked with `can`); anyone else traces
   * among their own (the row above decides whether they may trace at all).
   */
  'leak:trace-everyone': row<Record<string, never>>(['POST /api/leaks/trace'], (actor) =>
    isAdmin(actor) ? null : refuse.forbidden(leakMessages.onlyCreators),
  ),
  /** A takedown is opened by the owner of the photo, for their own photo only. */
  'takedown:open': row<{ media: Pick<MediaRecord, 'ownerId' | 'purpose'> | null }>(
    ['POST /api/takedowns'],
    (actor, { media }) =>
      media?.purpose === 'post' && isSelf(actor, media.ownerId)
        ? null
        : refuse.notFound(takedownMessages.notYourPhoto),
  ),
  /** A takedown is its creator's to follow (and any admin's to read); to anyone else it does not exist. */
  'takedown:own': row<{ creatorUserId: string | null }>(
    ['GET /api/takedowns', 'PUT /api/takedowns/:id/status'],
    (actor, { creatorUserId }) =>
      creatorUserId !== null && isSelf(actor, creatorUserId)
        ? null
        : refuse.notFound(takedownMessages.notFound),
  ),
  /** Suspending the traced account with a takedown as evidence: admins only. */
  'takedown:suspend': row<Record<string, never>>(['POST /api/admin/takedowns/:id/suspend'], (actor) =>
    isAdmin(actor) ? null : refuse.forbidden('Only admins can suspend an account'),
  ),
} as const;
