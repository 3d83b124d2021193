import { createHmac } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { leakMessages } from '../../../common/schemas/leaks.ts';
import { type Ffmpeg, ToolFailedError } from '../../adapters/ffmpeg.ts';
import { scratchPath } from '../../adapters/storage/disk-driver.ts';
import type { Storage } from '../../adapters/storage/storage.ts';
import { badRequest } from '../../errors.ts';
import type {
  DeliveriesRepository,
  PhotoDeliveryRecord,
} from '../../repositories/media/deliveries.repository.ts';
import type { MediaRecord, MediaRepository } from '../../repositories/media/media.repository.ts';
import { hlsKey, hlsVariant, hlsVariantB, rungOf, SEGMENT_NAME, variantBFolder } from './hls.ts';
import {
  ANALYSIS_WIDTH,
  alignment,
  type FrameSeries,
  framesOf,
  matchDelivery,
  movingRegion,
  type Region,
  readBits,
  recordingBits,
  SAMPLES_PER_SECOND,
} from './recording-marks.ts';

/** A recording looks like a video when its frames are this close to variant A's (mean grey levels). */
const MAX_DISTANCE = 12;
/** Videos a recording is compared with, newest first. */
const MAX_CANDIDATES = 10;
const SEGMENT_SECONDS = 2;

export type RecordingTraceOutcome =
  | { outcome: 'found'; media: MediaRecord; delivery: PhotoDeliveryRecord; confidence: number }
  | { outcome: 'no_mark'; media: MediaRecord }
  | { outcome: 'not_found' };

/**
 * How a recording is looked at: as it is, mirrored (a front camera, a flipped re-upload), cut to the
 * part of its frame where the picture moves (a player inside a phone's screen or a page), or both.
 */
interface View {
  region: Region | null;
  mirrored: boolean;
}
const PLAIN: View = { region: null, mirrored: false };

/** Size the whole recording is looked at to find where the video sits in its frame. */
const LOCATE_WIDTH = 160;

/** The secret each delivery's code is made under: derived from APP_SECRET, stored nowhere. */
const recordingSecret = (appSecret: string) =>
  createHmac('sha256', appSecret).update('fanplace recording marks').digest('hex');

/**
 * Recording marks (server/services/media/recording-marks.ts): which variant each segment of a
 * viewer's playlist comes from, and tracing a recording found elsewhere back to the delivery.
 */
export function createRecordingTrace(deps: {
  ffmpeg: Ffmpeg;
  storage: Pick<Storage, 'get'>;
  scratchRoot: string;
  media: Pick<MediaRepository, 'recordingMarked'>;
  deliveries: Pick<DeliveriesRepository, 'deliveryFor' | 'ofMedia'>;
  appSecret: string;
}) {
  const secret = recordingSecret(deps.appSecret);

  /**
   * Grey frames, every half second from 0 s, at the analysis size; of a recording, only `view.region`
   * of its frame, and mirrored back when `view.mirrored`.
   */
  async function sample(
    input: string,
    size: { width: number; height: number },
    dir: string,
    view: View = PLAIN,
  ) {
    const out = path.join(
      dir,
      `${path.basename(input).replace(/\W/g, '-')}-${Math.random().toString(36).slice(2)}.raw`,
    );
    const { region } = view;
    const filters = [
      `fps=${SAMPLES_PER_SECOND}`,
      ...(region
        ? [
            `crop=w=iw*${region.width.toFixed(4)}:h=ih*${region.height.toFixed(4)}:x=iw*${region.x.toFixed(4)}:y=ih*${region.y.toFixed(4)}`,
          ]
        : []),
      ...(view.mirrored ? ['hflip'] : []),
      `scale=${size.width}:${size.height}:flags=area`,
      'format=gray',
    ];
    await deps.ffmpeg.run([
      '-i',
      input,
      '-an',
      '-vf',
      filters.join(','),
      '-f',
      'rawvideo',
      '-pix_fmt',
      'gray',
      '-y',
      out,
    ]);
    return framesOf(await readFile(out), size.width, size.height);
  }

  /** A rung's playlist and every file it names, copied from storage into `dir`. */
  async function copyRung(
    row: MediaRecord,
    folder: string,
    playlistKey: string,
    dir: string,
  ): Promise<string> {
    await mkdir(dir, { recursive: true });
    const chunks: Buffer[] = [];
    for await (const chunk of await deps.storage.get(playlistKey)) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const files = [
      ...[...text.matchAll(/URI="([^"]+)"/g)].map((match) => match[1] as string),
      ...text.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#')),
    ].map((name) => name.trim());
    for (const name of files) {
      if (!SEGMENT_NAME.test(name)) throw new Error(`unexpected file in a playlist: ${name}`);
      await pipeline(
        await deps.storage.get(hlsKey(row.id, `${folder}/${name}`)),
        createWriteStream(path.join(dir, name)),
      );
    }
    const playlist = path.join(dir, 'index.m3u8');
    await writeFile(playlist, text);
    return playlist;
  }

  /** The smallest rung made in both variants: the pattern is smooth, so it reads as well there. */
  function analysisRung(row: MediaRecord) {
    const rungs = Object.keys(row.variants)
      .map((variant) => rungOf(variant))
      .filter((rung): rung is string => rung !== null && Boolean(row.variants[hlsVariantB(rung)]))
      .sort((x, y) => Number.parseInt(x, 10) - Number.parseInt(y, 10));
    const rung = rungs[0];
    const a = rung ? row.variants[hlsVariant(rung)] : undefined;
    const b = rung ? row.variants[hlsVariantB(rung)] : undefined;
    if (!rung || !a || !b) return null;
    const width = ANALYSIS_WIDTH;
    const height = Math.max(2, Math.round((ANALYSIS_WIDTH * (a.height ?? 9)) / (a.width ?? 16) / 2) * 2);
    return { rung, a, b, size: { width, height } };
  }

  return {
    /** Bit n: whether segment n of this viewer's playlist of this video comes from variant B. */
    async bits(mediaId: string, viewerId: string, count: number): Promise<Uint8Array> {
      const delivery = await deps.deliveries.deliveryFor(mediaId, viewerId);
      return recordingBits(secret, delivery.id, count);
    },

    /**
     * Which delivery a recording (a video file in scratch space) was made from: among the videos of
     * `ownerId` (null: everyone's) made in variants A and B and at least as long as it.
     */
    async trace(
      file: string,
      durationSeconds: number,
      ownerId: string | null,
    ): Promise<RecordingTraceOutcome> {
      const candidates = await deps.media.recordingMarked(ownerId, durationSeconds - 1, MAX_CANDIDATES);
      const dir = await scratchPath(deps.scratchRoot);
      await mkdir(dir, { recursive: true });
      try {
        let recognised: MediaRecord | null = null;
        const recordings = new Map<string, FrameSeries>();
        // A file ffprobe accepted but ffmpeg cannot decode is the caller's to fix, not a fault here.
        const decodable = (error: unknown): never => {
          if (error instanceof ToolFailedError && !error.temporary) throw badRequest(leakMessages.notAnImage);
          throw error;
        };
        const recordingAt = async (size: { width: number; height: number }, view: View) => {
          const key = `${size.width}x${size.height}:${JSON.stringify(view)}`;
          let recording = recordings.get(key);
          if (!recording) {
            recording = await sample(file, size, dir, view).catch(decodable);
            recordings.set(key, recording);
          }
          return recording;
        };
        // Where the picture moves in the recording's frame, found once, when first needed.
        let region: Region | null | undefined;
        const views = async function* () {
          yield PLAIN;
          yield { region: null, mirrored: true };
          if (region === undefined) {
            const probe = await deps.ffmpeg.probe(file).catch(() => null);
            const width = LOCATE_WIDTH;
            const height = Math.max(
              2,
              Math.round((LOCATE_WIDTH * (probe?.height || 9)) / (probe?.width || 16) / 2) * 2,
            );
            region = movingRegion(await sample(file, { width, height }, dir).catch(decodable));
          }
          if (!region) return;
          yield { region, mirrored: false };
          yield { region, mirrored: true };
        };
        for (const row of candidates) {
          const rung = analysisRung(row);
          if (!rung) continue;
          const a = await sample(
            await copyRung(row, rung.rung, rung.a.key, path.join(dir, row.id, 'a')),
            rung.size,
            dir,
          );
          let recording: FrameSeries | null = null;
          let where = { shift: 0, distance: Number.POSITIVE_INFINITY };
          for await (const view of views()) {
            const seen = await recordingAt(rung.size, view);
            where = alignment(seen, a);
            if (where.distance <= MAX_DISTANCE) {
              recording = seen;
              break;
            }
          }
          if (!recording) continue;
          recognised ??= row;
          const b = await sample(
            await copyRung(row, variantBFolder(rung.rung), rung.b.key, path.join(dir, row.id, 'b')),
            rung.size,
            dir,
          );
          const read = readBits(recording, a, b, {
            shift: where.shift,
            samplesPerSegment: SAMPLES_PER_SECOND * SEGMENT_SECONDS,
          });
          const deliveries = await deps.deliveries.ofMedia(row.id);
          const match = matchDelivery(
            read,
            deliveries.map((delivery) => ({
              delivery,
              bits: recordingBits(secret, delivery.id, read.length),
            })),
          );
          if (match) {
            // How far above chance the agreement is, in standard deviations (as for photos).
            const z = (2 * match.agreed - match.read) / Math.sqrt(match.read);
            return { outcome: 'found', media: row, delivery: match.delivery, confidence: z };
          }
          return { outcome: 'no_mark', media: row };
        }
        return recognised ? { outcome: 'no_mark', media: recognised } : { outcome: 'not_found' };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

export type RecordingTrace = ReturnType<typeof createRecordingTrace>;
