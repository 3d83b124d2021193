import { createHmac } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { LEAK_COPY_MAX_BYTES, leakMessages } from '../../../common/schemas/leaks.ts';
import type { Ffmpeg } from '../../adapters/ffmpeg.ts';
import { scratchPath } from '../../adapters/storage/disk-driver.ts';
import type { Storage } from '../../adapters/storage/storage.ts';
import { AppError, badRequest } from '../../errors.ts';
import { hammingDistance } from '../../lib/perceptual-hash.ts';
import { markPattern, type Pattern, traceMark } from '../../lib/photo-mark.ts';
import { actorOf, assertCan, can } from '../../policies/access.ts';
import type { UserRecord } from '../../repositories/auth/users.repository.ts';
import type { CreatorsRepository } from '../../repositories/creators/creators.repository.ts';
import type {
  DeliveriesRepository,
  DeliveryViewer,
  PhotoDeliveryRecord,
} from '../../repositories/media/deliveries.repository.ts';
import type { MediaRecord, MediaRepository } from '../../repositories/media/media.repository.ts';
import { sniffFile } from './file-types.ts';
import { hashImage } from './fingerprints.ts';
import type { RecordingTrace } from './recording-trace.ts';
import { largestPhotoRendition } from './renditions.ts';

/**
 * Copies whose perceptual hash is this close to a photo's (any of its stored hashes) are traced
 * against it; unrelated photos are 104 bits or more apart (server/lib/perceptual-hash.test.ts).
 * Wider than the block list's 31: a crop off one side moves the hash 60-72 bits, and a wrong
 * candidate costs only an alignment that fails.
 */
const CANDIDATE_DISTANCE = 96;
const MAX_CANDIDATES = 5;
/** The copy must look like the photo this closely (normalized correlation) to be recognised. */
const MIN_ALIGNMENT = 0.8;

export type LeakTraceOutcome =
  | {
      outcome: 'found';
      media: MediaRecord;
      delivery: PhotoDeliveryRecord;
      viewer: DeliveryViewer | null;
      confidence: number;
    }
  | { outcome: 'no_mark'; media: MediaRecord }
  | { outcome: 'not_found' };

/** The secret each delivery's pattern is made under: derived from APP_SECRET, stored nowhere. */
export const photoMarkSecret = (appSecret: string) =>
  createHmac('sha256', appSecret).update('fanplace photo marks').digest('hex');

/**
 * The invisible mark's two ends: the pattern a delivery of a photo carries (one delivery per
 * viewer and photo, made the first time), and tracing a copy found elsewhere back to it.
 */
export function createLeakTrace(deps: {
  deliveries: DeliveriesRepository;
  media: Pick<MediaRepository, 'findById'>;
  creators: Pick<CreatorsRepository, 'findByUserId'>;
  storage: Pick<Storage, 'get'>;
  appSecret: string;
  /** Where an uploaded copy waits while it is traced. */
  scratchRoot: string;
  /** Leaked recordings of videos made in variants A and B (server/services/media/recording-trace.ts). */
  recordings?: { trace: RecordingTrace['trace']; ffmpeg: Pick<Ffmpeg, 'probe'> };
}) {
  const secret = photoMarkSecret(deps.appSecret);

  async function bytesOf(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await deps.storage.get(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** A recording found elsewhere (a video file in scratch space), traced to its delivery. */
  async function traceRecording(file: string, ownerId: string | null): Promise<LeakTraceOutcome> {
    const recordings = deps.recordings as NonNullable<typeof deps.recordings>;
    const probe = await recordings.ffmpeg.probe(file);
    if (!probe) throw badRequest(leakMessages.notAnImage);
    const result = await recordings.trace(file, probe.durationSeconds, ownerId);
    if (result.outcome !== 'found') return result;
    const [viewer] = await deps.deliveries.viewers([result.delivery.viewerId]);
    return {
      outcome: 'found',
      media: result.media,
      delivery: result.delivery,
      viewer: viewer ?? null,
      confidence: result.confidence,
    };
  }

  /** Only an approved creator (among their own media) or an admin (among everyone's) may trace. */
  async function assertMayTrace(user: UserRecord): Promise<void> {
    const creator = await deps.creators.findByUserId(user.id);
    assertCan(actorOf(user), 'leak:trace', { isCreator: creator?.status === 'approved' });
  }

  return {
    /** The mark for delivering this photo to this viewer (the same delivery every time). */
    async deliveryMark(mediaId: string, viewerId: string): Promise<{ deliveryId: string; pattern: Pattern }> {
      const delivery = await deps.deliveries.deliveryFor(mediaId, viewerId);
      return { deliveryId: delivery.id, pattern: markPattern(secret, delivery.id) };
    },

    assertMayTrace,

    /** A fresh path in scratch space for an uploaded copy (the caller removes it). */
    scratchFile: () => scratchPath(deps.scratchRoot),

    /**
     * Which account a copy found elsewhere (a photo or a recording, a file in scratch space) was
     * delivered to: among the caller's own media (an approved creator), or everyone's (an admin).
     */
    async trace(user: UserRecord, file: string): Promise<LeakTraceOutcome> {
      await assertMayTrace(user);
      const searchAll = can(actorOf(user), 'leak:trace-everyone', {});
      // By its own bytes, like every upload: nothing outside the photo and video types (an SVG, a
      // PDF) is decoded.
      const type = await sniffFile(file);
      if (type?.kind === 'video' && deps.recordings) return traceRecording(file, searchAll ? null : user.id);
      if (type?.kind !== 'image') throw badRequest(leakMessages.notAnImage);
      if ((await stat(file)).size > LEAK_COPY_MAX_BYTES)
        throw new AppError('PAYLOAD_TOO_LARGE', leakMessages.tooLarge);
      const copy = await readFile(file);
      const hash = await hashImage(copy).then(
        (found) => found.hash,
        () => {
          throw badRequest(leakMessages.notAnImage);
        },
      );
      const nearest = new Map<string, number>();
      for (const row of await deps.deliveries.photoHashes(searchAll ? null : user.id)) {
        const distance = hammingDistance(hash, row.hash);
        if (distance <= CANDIDATE_DISTANCE && distance < (nearest.get(row.mediaId) ?? Infinity))
          nearest.set(row.mediaId, distance);
      }
      const candidates = [...nearest.entries()].sort((a, b) => a[1] - b[1]).slice(0, MAX_CANDIDATES);
      let recognised: MediaRecord | null = null;
      for (const [mediaId] of candidates) {
        const row = await deps.media.findById(mediaId);
        const key = row ? (largestPhotoRendition(row.variants)?.key ?? null) : null;
        if (!row || !key) continue;
        const deliveries = await deps.deliveries.ofMedia(row.id);
        const result = await traceMark(
          await bytesOf(key),
          copy,
          deliveries.map((delivery) => ({ id: delivery, pattern: markPattern(secret, delivery.id) })),
        );
        if (!result.alignment || result.alignment.score < MIN_ALIGNMENT) continue;
        recognised ??= row;
        if (result.found) {
          const [viewer] = await deps.deliveries.viewers([result.found.id.viewerId]);
          return {
            outcome: 'found',
            media: row,
            delivery: result.found.id,
            viewer: viewer ?? null,
            confidence: result.found.z,
          };
        }
      }
      return recognised ? { outcome: 'no_mark', media: recognised } : { outcome: 'not_found' };
    },
  };
}

export type LeakTrace = ReturnType<typeof createLeakTrace>;
