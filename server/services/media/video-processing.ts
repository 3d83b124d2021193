import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { mediaMessages } from '../../../common/schemas/media.ts';
import { type Ffmpeg, type ProbeResult, ToolFailedError } from '../../adapters/ffmpeg.ts';
import { scratchPath } from '../../adapters/storage/disk-driver.ts';
import { type RenderedImage, renderImage } from './image-processing.ts';
import { unreadable } from './media-errors.ts';

/** One rung of the HLS ladder: its name (`360p`: the short side) and its size in pixels. */
export interface Rendition {
  name: string;
  width: number;
  height: number;
  /** Peak video bitrate (bits/s) the encoder is held to. */
  maxrate: number;
}

export interface ProcessedVideo {
  probe: ProbeResult;
  /** `poster` (WebP, at most 1280 wide), `preview` (blurred) and the thumbhash. */
  poster: RenderedImage;
  /**
   * A folder in scratch space: `master.m3u8`, and per rendition `<name>/index.m3u8`, its fMP4
   * init segment `<name>/init_<n>.mp4` and its media segments `<name>/seg-<nnnnn>.m4s`.
   */
  hlsDir: string;
  renditions: Rendition[];
  cleanup(): Promise<void>;
}

/** Short-side rungs and the peak video bitrate of each (H.264, veryfast, CRF 23 under the cap). */
const LADDER = [
  { short: 360, maxrate: 600_000 },
  { short: 720, maxrate: 2_500_000 },
  { short: 1080, maxrate: 4_500_000 },
] as const;

/** Seconds per segment: short, so the first picture needs little data on a slow network. */
export const SEGMENT_SECONDS = 2;

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/**
 * The renditions of a video of this size: every rung up to the source's short side, plus one at
 * the source's own size when it is at most 1080p and not within 10% of a rung (never upscaled; a
 * 240p video gets one 240p rung).
 */
export function videoLadder(width: number, height: number): Rendition[] {
  const short = Math.min(width, height);
  const scaled = (target: number, maxrate: number): Rendition => {
    const factor = target / short;
    return { name: `${target}p`, width: even(width * factor), height: even(height * factor), maxrate };
  };
  const rungs = LADDER.filter((rung) => rung.short <= short).map((rung) => scaled(rung.short, rung.maxrate));
  const nearRung = LADDER.some((rung) => short >= rung.short && short < rung.short * 1.1);
  if (short <= 1080 && !nearRung) {
    const own = Math.floor(short / 2) * 2;
    const next = LADDER.find((rung) => rung.short >= short) ?? LADDER[2];
    rungs.push({
      name: `${own}p`,
      width: Math.floor(width / 2) * 2,
      height: Math.floor(height / 2) * 2,
      maxrate: next.maxrate,
    });
  }
  return rungs;
}

/**
 * The ffmpeg arguments that make the whole ladder in one run: one decode, split and scaled per
 * rung, each rung H.264 + AAC in fMP4 segments with keyframes on the segment boundaries, and the
 * master playlist naming every rung with its bandwidth and resolution. `bench/media.ts` runs the
 * same arguments with bare ffmpeg.
 */
export function hlsArguments(
  input: string,
  outDir: string,
  ladder: Rendition[],
  hasAudio: boolean,
): string[] {
  const split = `[0:v]split=${ladder.length}${ladder.map((_, i) => `[s${i}]`).join('')}`;
  const scales = ladder.map((rung, i) => `[s${i}]scale=${rung.width}:${rung.height}[v${i}]`);
  const args = ['-i', input, '-filter_complex', [split, ...scales].join(';')];
  ladder.forEach((rung, i) => {
    args.push('-map', `[v${i}]`);
    if (hasAudio) args.push('-map', '0:a:0');
    args.push(`-maxrate:v:${i}`, String(rung.maxrate), `-bufsize:v:${i}`, String(rung.maxrate * 2));
  });
  args.push(
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-pix_fmt',
    'yuv420p',
    '-force_key_frames',
    `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
    '-sc_threshold',
    '0',
  );
  if (hasAudio) args.push('-c:a', 'aac', '-b:a', '96k', '-ac', '2');
  args.push(
    '-map_metadata',
    '-1',
    '-map_chapters',
    '-1',
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_type',
    'fmp4',
    '-hls_segment_filename',
    path.join(outDir, '%v', 'seg-%05d.m4s'),
    '-master_pl_name',
    'master.m3u8',
    '-var_stream_map',
    ladder.map((rung, i) => `v:${i}${hasAudio ? `,a:${i}` : ''},name:${rung.name}`).join(' '),
    '-y',
    path.join(outDir, '%v', 'index.m3u8'),
  );
  return args;
}

/** The poster frame: 1 s in, or the middle of a shorter video. */
export function posterArguments(input: string, probe: ProbeResult, frame: string): string[] {
  const at = probe.durationSeconds >= 2 ? 1 : probe.durationSeconds / 2;
  return ['-ss', at.toFixed(3), '-i', input, '-frames:v', '1', '-map_metadata', '-1', '-y', frame];
}

/** Refuses what ffprobe cannot parse; the result has a poster frame, its blurred twin and the HLS ladder. */
export async function processVideo(
  deps: { ffmpeg: Ffmpeg; scratchRoot: string },
  file: string,
): Promise<ProcessedVideo> {
  const probe = await deps.ffmpeg.probe(file);
  if (!probe) throw unreadable(mediaMessages.unreadableVideo);
  const frame = await scratchPath(deps.scratchRoot, '.png');
  const hlsDir = await scratchPath(deps.scratchRoot);
  const cleanup = async () => {
    await rm(frame, { force: true });
    await rm(hlsDir, { recursive: true, force: true });
  };
  try {
    await deps.ffmpeg.run(posterArguments(file, probe, frame));
    if (((await stat(frame).catch(() => null))?.size ?? 0) === 0) throw new Error('no frame decoded');
    const poster = await renderImage(frame, { widths: [1280], fallbackWidth: null, name: () => 'poster' });
    await rm(frame, { force: true });
    const renditions = videoLadder(probe.width, probe.height);
    for (const rung of renditions) await mkdir(path.join(hlsDir, rung.name), { recursive: true });
    await deps.ffmpeg.run(hlsArguments(file, hlsDir, renditions, probe.audioCodec !== null));
    for (const rung of renditions) {
      const files = await readdir(path.join(hlsDir, rung.name));
      if (!files.includes('index.m3u8') || !files.some((name) => name.endsWith('.m4s')))
        throw new Error('no segments written');
    }
    return { probe, poster, hlsDir, renditions, cleanup };
  } catch (error) {
    await cleanup();
    // ffmpeg missing or killed (out of memory): the job tries again rather than blame the file.
    if (error instanceof ToolFailedError && error.temporary) throw error;
    throw unreadable(mediaMessages.unreadableVideo);
  }
}
