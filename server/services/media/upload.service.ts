import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { limits } from '../../../common/limits.ts';
import { mediaMessages } from '../../../common/schemas/media.ts';
import type { RateLimiter } from '../../adapters/rate-limit/index.ts';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { MediaVariant } from '../../db/schema/media.ts';
import { badRequest } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { SizeLimitExceededError } from '../../lib/streams.ts';
import { actorOf, can } from '../../policies/access.ts';
import type { UserRecord } from '../../repositories/auth/users.repository.ts';
import type { MediaRepository } from '../../repositories/media/media.repository.ts';
import type { ClientInfo } from '../auth/client-info.ts';
import type { BlockListService } from './block-list.service.ts';
import { hasZipTrailer, type SniffedType, sniffFile } from './file-types.ts';
import { fingerprintImage } from './fingerprints.ts';
import { reencodeDocumentImage, renderImage } from './image-processing.ts';
import type { MediaFacts } from './library.service.ts';
import { tooLarge, unsupportedType } from './media-errors.ts';
import { checkPdf } from './pdf-check.ts';
import { spoolToScratch } from './spool.ts';
import { assertUploadAllowed, storeRendered, variantKey } from './store-files.ts';

export type ImageTarget = 'profile' | 'property' | 'banner';

const IMAGE_TARGETS: Record<ImageTarget, { maxBytes: number; tooLarge: string }> = {
  profile: { maxBytes: limits.profileImageMaxBytes, tooLarge: mediaMessages.profileTooLarge },
  property: { maxBytes: limits.propertyImageMaxBytes, tooLarge: mediaMessages.propertyTooLarge },
  banner: {
    maxBytes: limits.bannerImageMaxBytes,
    tooLarge: mediaMessages.tooLarge(limits.bannerImageMaxBytes),
  },
};

const DOCUMENT_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png']);

/** Largest file the route lets through multipart for a target (the route's busboy backstop). */
export const uploadCap = (target: ImageTarget | 'identity') =>
  target === 'identity' ? limits.identityDocumentMaxBytes : IMAGE_TARGETS[target].maxBytes;

/**
 * Small uploads through multipart (profile, property and banner images, identity documents),
 * processed inline in the request: the file is spooled to scratch space with its cap checked while
 * it streams, typed by its bytes, re-encoded, and only then recorded.
 */
export function createUploadService(deps: {
  media: MediaRepository;
  storage: Storage;
  limiter: RateLimiter;
  clock: Clock;
  scratchRoot: string;
  blockList: Pick<BlockListService, 'assertNotBlocked' | 'remember'>;
}) {
  const { media, storage } = deps;

  /** Spools, sniffs and hands the file to `store`; cleans up whatever was written on any failure. */
  async function ingest(
    file: Readable | null,
    rules: { maxBytes: number; tooLarge: string; wrongType: string; accepts: (type: SniffedType) => boolean },
    store: (id: string, path: string, type: SniffedType, size: number) => Promise<MediaFacts>,
  ): Promise<MediaFacts> {
    if (!file) throw badRequest(rules.wrongType);
    let spooled: { path: string; size: number };
    try {
      spooled = await spoolToScratch(file, { scratchRoot: deps.scratchRoot, maxBytes: rules.maxBytes });
    } catch (error) {
      if (error instanceof SizeLimitExceededError) throw tooLarge(rules.tooLarge);
      throw error;
    }
    const id = uuidv7();
    try {
      const type = await sniffFile(spooled.path);
      if (!type || !rules.accepts(type) || (await hasZipTrailer(spooled.path))) {
        throw unsupportedType(rules.wrongType);
      }
      return await store(id, spooled.path, type, spooled.size);
    } catch (error) {
      await storage.deletePrefix(`${id}/`).catch(() => {});
      throw error;
    } finally {
      await rm(spooled.path, { force: true });
    }
  }

  return {
    /** Profile, property and banner images: public, re-encoded before the answer. */
    async uploadImage(user: UserRecord, client: ClientInfo, target: ImageTarget, file: Readable | null) {
      await assertUploadAllowed(deps.limiter, user.id, client.ip);
      const rules = IMAGE_TARGETS[target];
      return ingest(
        file,
        { ...rules, wrongType: mediaMessages.selectImage, accepts: (type) => type.kind === 'image' },
        async (id, path, type, size) => {
          const rendered = await renderImage(path);
          const fingerprints = await fingerprintImage(path, { mirrored: true });
          await deps.blockList.assertNotBlocked(user.id, id, fingerprints);
          const variants = await storeRendered(storage, id, rendered.files);
          const now = deps.clock.now();
          const row = await media.create({
            id,
            ownerId: user.id,
            kind: 'image',
            purpose: target,
            visibility: 'public',
            status: 'ready',
            mime: type.mime,
            byteSize: size,
            width: rendered.width,
            height: rendered.height,
            thumbhash: rendered.thumbhash,
            variants,
            createdAt: now,
            updatedAt: now,
          });
          await deps.blockList.remember(row.id, fingerprints);
          return { media: row, entitled: true };
        },
      );
    },

    /**
     * A verification document: PDFs checked (no scripts, no attached files) and kept byte for byte,
     * photos re-encoded; for admins' eyes only.
     */
    async uploadIdentityDocument(user: UserRecord, client: ClientInfo, file: Readable | null) {
      await assertUploadAllowed(deps.limiter, user.id, client.ip);
      return ingest(
        file,
        {
          maxBytes: limits.identityDocumentMaxBytes,
          tooLarge: mediaMessages.tooLarge(limits.identityDocumentMaxBytes),
          wrongType: mediaMessages.selectIdentityDocument,
          accepts: (type) => DOCUMENT_TYPES.has(type.mime),
        },
        async (id, path, type, size) => {
          let document: MediaVariant;
          let dimensions: { width: number | null; height: number | null } = { width: null, height: null };
          if (type.kind === 'pdf') {
            const verdict = await checkPdf(path);
            if (verdict === 'unreadable') throw badRequest(mediaMessages.unreadableDocument);
            if (verdict === 'active-content') throw unsupportedType(mediaMessages.documentActiveContent);
            const key = variantKey(id, 'document', type.mime);
            const stored = await storage.put(key, createReadStream(path), {
              maxBytes: size,
              contentType: type.mime,
            });
            document = { key, mime: type.mime, size: stored.size };
          } else {
            const image = await reencodeDocumentImage(path, type.mime);
            const [stored] = Object.values(await storeRendered(storage, id, [image]));
            if (!stored) throw new Error('document not stored');
            document = stored;
            dimensions = { width: image.width, height: image.height };
          }
          const now = deps.clock.now();
          const row = await media.create({
            id,
            ownerId: user.id,
            kind: 'identity_document',
            purpose: 'identity',
            visibility: 'private',
            status: 'ready',
            mime: type.mime,
            byteSize: size,
            ...dimensions,
            variants: { document },
            createdAt: now,
            updatedAt: now,
          });
          return { media: row, entitled: can(actorOf(user), 'media:full', { media: row }) };
        },
      );
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
