import {
  type AddBlockListEntryInput,
  addBlockListEntrySchema,
  type BlockListSource,
  blockListMessages,
} from '../../../common/schemas/block-list.ts';
import { mediaMessages } from '../../../common/schemas/media.ts';
import type { Storage } from '../../adapters/storage/storage.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, keysetPage } from '../../lib/cursor.ts';
import { MATCH_DISTANCE, normalizeHash } from '../../lib/perceptual-hash.ts';
import { actorOf, assertCan } from '../../policies/access.ts';
import type { Viewer } from '../../policies/actions/creators.ts';
import type { BlockListRepository } from '../../repositories/media/block-list.repository.ts';
import type { MediaRecord, MediaRepository } from '../../repositories/media/media.repository.ts';
import { blockedFingerprints, type Fingerprint, fingerprintImage } from './fingerprints.ts';
import type { MediaLibrary } from './library.service.ts';
import { largestPhotoRendition } from './renditions.ts';

export const mediaBlocked = () => new AppError('MEDIA_BLOCKED', blockListMessages.mediaBlocked);

const TASK = { task: 'manage the block list' };

/**
 * Re-upload blocking: an upload's perceptual hashes are kept with it, media removed by moderation
 * or a takedown leaves its hashes on the block list, and an upload within `MATCH_DISTANCE` bits
 * of a blocked hash is refused (recorded for the admins). Admins add hashes of known abusive
 * material by hand.
 */
export function createBlockListService(deps: {
  blockList: BlockListRepository;
  media: Pick<MediaRepository, 'findById'>;
  library: Pick<MediaLibrary, 'remove'>;
  storage: Pick<Storage, 'openLocal'>;
  clock: Clock;
}) {
  const { blockList } = deps;

  /**
   * Hashes made from what is stored of media as it is blocked: a photo's JPEG (or largest WebP)
   * rendition gives its whole picture, centred, corner and one-sided crops (`blockedFingerprints`); a video
   * uploaded before fingerprints were made gives its poster frame. Nothing when that fails.
   */
  async function hashesFromRenditions(row: MediaRecord): Promise<Fingerprint[]> {
    const variant = row.kind === 'video' ? row.variants.poster : largestPhotoRendition(row.variants);
    if (row.status !== 'ready' || !variant) return [];
    const local = await deps.storage.openLocal(variant.key).catch(() => null);
    if (!local) return [];
    try {
      if (row.kind !== 'video') return await blockedFingerprints(local.path);
      const found = await fingerprintImage(local.path);
      return found.slice(0, 1).map((hash) => ({ ...hash, kind: 'video_frame' }));
    } catch {
      return [];
    } finally {
      await local.release();
    }
  }

  /**
   * Puts media's hashes on the block list before it is removed (moderation, a takedown): one
   * entry for all of them. Media too plain to hash leaves nothing; null then.
   */
  async function block(
    mediaIds: string[],
    how: { source: Exclude<BlockListSource, 'admin'>; note: string; adminId: string },
  ) {
    const stored = await blockList.mediaHashes(mediaIds);
    const hashes = stored.map((row) => row.hash);
    let ownerId: string | null = null;
    for (const id of mediaIds) {
      const row = await deps.media.findById(id);
      if (!row) continue;
      ownerId ??= row.ownerId;
      // A photo's corner crops are hashed only now; a video's frames were all hashed on upload.
      if (row.kind !== 'video' || !stored.some((hash) => hash.mediaId === id))
        hashes.push(...(await hashesFromRenditions(row)).map((fingerprint) => fingerprint.hash));
    }
    if (hashes.length === 0) return null;
    return blockList.addEntry(
      {
        source: how.source,
        note: how.note,
        mediaId: mediaIds[0] ?? null,
        ownerId,
        createdBy: how.adminId,
        createdAt: deps.clock.now(),
      },
      hashes,
    );
  }

  /** One entry as the admins' list shows it. */
  async function entry(id: string) {
    const [row] = await blockList.listEntries({ limit: 1, atId: id });
    if (!row) throw notFound(blockListMessages.entryNotFound);
    return row;
  }

  return {
    /** Before moderation deletes a post: every photo and video it shows goes on the block list. */
    async blockPost(postId: string, how: Parameters<typeof block>[1]) {
      return block(await blockList.postMediaIds(postId), how);
    },

    /**
     * Refuses (MEDIA_BLOCKED, 422) an upload whose hashes match the block list, and records who
     * tried; otherwise nothing.
     */
    async assertNotBlocked(userId: string, mediaId: string, fingerprints: Fingerprint[]): Promise<void> {
      const match = await blockList.nearest(
        fingerprints.map((fingerprint) => fingerprint.hash),
        MATCH_DISTANCE,
      );
      if (!match) return;
      await blockList.recordRefusal({
        userId,
        mediaId,
        entryId: match.entryId,
        kind: fingerprints.find((fingerprint) => fingerprint.hash === match.hash)?.kind ?? 'photo',
        distance: match.distance,
        createdAt: deps.clock.now(),
      });
      throw mediaBlocked();
    },

    /**
     * Keeps an accepted upload's hashes (replacing any from an earlier run of its job); its mirrored
     * ones were for the check only: an upload's are always compared both ways.
     */
    async remember(mediaId: string, fingerprints: Fingerprint[]): Promise<void> {
      await blockList.saveMediaHashes(
        mediaId,
        fingerprints
          .filter((fingerprint) => !fingerprint.mirrored)
          .map(({ kind, hash, quality }) => ({ mediaId, kind, hash, quality })),
      );
    },

    async list(admin: Viewer, options: { limit: number; cursor?: string }) {
      assertCan(actorOf(admin), 'admin:act', TASK);
      const before = decodeCursor(options.cursor, ['id'])?.id;
      const rows = await blockList.listEntries({
        limit: options.limit + 1,
        ...(before ? { beforeId: before } : {}),
      });
      const page = keysetPage(rows, options.limit, (last) => ({ id: last.entry.id }));
      return { items: page.rows, nextCursor: page.nextCursor };
    },

    async refusals(admin: Viewer, options: { limit: number; cursor?: string }) {
      assertCan(actorOf(admin), 'admin:act', TASK);
      const before = decodeCursor(options.cursor, ['id'])?.id;
      const rows = await blockList.listRefusals({
        limit: options.limit + 1,
        ...(before ? { beforeId: before } : {}),
      });
      const page = keysetPage(rows, options.limit, (last) => ({ id: last.refusal.id }));
      return { items: page.rows, nextCursor: page.nextCursor };
    },

    /** A hash of known abusive material, pasted by an admin (PDQ, 64 hex digits). */
    async add(admin: Viewer, input: AddBlockListEntryInput) {
      assertCan(actorOf(admin), 'admin:act', TASK);
      const body = addBlockListEntrySchema.parse(input);
      const hash = normalizeHash(body.hash);
      if (!hash) throw badRequest(blockListMessages.hashInvalid, { hash: blockListMessages.hashInvalid });
      const created = await blockList.addEntry(
        { source: 'admin', note: body.note, createdBy: admin.id, createdAt: deps.clock.now() },
        [hash],
      );
      return entry(created.id);
    },

    /**
     * A takedown (a rights holder's or a legal request): the media is removed wherever it shows
     * and its hashes go on the block list, so it cannot be uploaded again.
     */
    async takedown(admin: Viewer, mediaId: string, note: string) {
      assertCan(actorOf(admin), 'admin:act', TASK);
      const row = await deps.media.findById(mediaId);
      // Identity documents are evidence for the review, never shown: nothing to take down.
      if (!row || row.kind === 'identity_document') throw notFound(mediaMessages.notFound);
      const blocked = await block([mediaId], { source: 'takedown', note, adminId: admin.id });
      await deps.library.remove(mediaId);
      if (!blocked) throw conflict(blockListMessages.nothingToBlock);
      return entry(blocked.id);
    },

    async remove(admin: Viewer, id: string): Promise<void> {
      assertCan(actorOf(admin), 'admin:act', TASK);
      if (!(await blockList.removeEntry(id))) throw notFound(blockListMessages.entryNotFound);
    },
  };
}

export type BlockListService = ReturnType<typeof createBlockListService>;
