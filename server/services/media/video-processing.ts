import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { mediaMessages } from '../../../common/schemas/media.ts';
import { type Ffmpeg, type ProbeResult, ToolFailedError } from '../../adapters/ffmpeg.ts';
import { scratchPath } from '../../adapters/storage/disk-driver.ts';
import { variantBFolder } from './hls.ts';
import { type RenderedImage, renderImage } from './image-processing.ts';
import { markPng, markTextSize } from './marks.ts';
import { unreadable } from './media-errors.ts';
import { variantBPattern } from './recording-marks.ts';

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
  /** The rungs also made as variant B, in `<rung>-b/` (recording marks). */
  variantB: string[];
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
  /**
   * The creator's page address, burned into every rung's bottom-right corner (null: none): drawn
   * by ffmpeg's drawtext, or laid on from one PNG per rung (`overlays`, made by `markPng`) where
   * this ffmpeg has no drawtext.
   */
  mark: string | null = null,
  overlays: string[] | null = null,
  /**
   * One grey PNG per rung (`variantBPattern`): each rung is also written as `<rung>-b`, the same
   * frames with the pattern blended in (server/services/media/recording-marks.ts).
   */
  patterns: string[] | null = null,
): string[] {
  const split = `[0:v]split=${ladder.length}${ladder.map((_, i) => `[s${i}]`).join('')}`;
  const overlaid = mark && overlays;
  const firstPattern = 1 + (overlaid ? ladder.length : 0);
  const scales = ladder.map((rung, i) => {
    const scale = `[s${i}]scale=${rung.width}:${rung.height}`;
    // Variant B: the rung's frames once more, the pattern (its own input) blended in.
    const out = patterns
      ? `[m${i}];[m${i}]format=yuv420p,split[v${i}][c${i}];[${firstPattern + i}:v]format=yuv420p[q${i}];[c${i}][q${i}]blend=all_mode=grainmerge:shortest=1[w${i}]`
      : `[v${i}]`;
    if (overlaid) return `${scale}[b${i}];[b${i}][${i + 1}:v]overlay=0:0${out}`;
    const drawn = mark ? `,${markFilter(mark, rung.width, rung.height)}` : '';
    return `${scale}${drawn}${out}`;
  });
  const inputs = overlaid ? overlays.flatMap((file) => ['-i', file]) : [];
  if (patterns) inputs.push(...patterns.flatMap((file) => ['-loop', '1', '-i', file]));
  const args = ['-i', input, ...inputs, '-filter_complex', [split, ...scales].join(';')];
  const outputs = [
    ...ladder.map((rung, i) => ({ rung, label: `v${i}`, name: rung.name })),
    ...(patterns ? ladder.map((rung, i) => ({ rung, label: `w${i}`, name: variantBFolder(rung.name) })) : []),
  ];
  outputs.forEach(({ rung, label }, i) => {
    args.push('-map', `[${label}]`);
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
    outputs.map(({ name }, i) => `v:${i}${hasAudio ? `,a:${i}` : ''},name:${name}`).join(' '),
    '-y',
    path.join(outDir, '%v', 'index.m3u8'),
  );
  return args;
}

/**
 * ffmpeg's drawtext for the visible mark: white, dark outline, bottom-right, its height about 3%
 * of the frame's longer side (at least 14 px), as the photos' (server/services/media/marks.ts).
 * The text is a page address: anything outside it is dropped, and `:` is escaped for the filter.
 */
export function markFilter(text: string, width: number, height: number): string {
  const safe = text.replace(/[^A-Za-z0-9._\-/:@ ]/g, '').replace(/:/g, '\\:');
  const size = markTextSize(width, height);
  const margin = Math.round(size * 0.8);
  const border = Math.max(2, Math.round(size / 7));
  return (
    `drawtext=font='DejaVu Sans\\:style=Bold':expansion=none:text='${safe}':fontsize=${size}` +
    `:fontcolor=white@0.9:borderw=${border}:bordercolor=black@0.75:x=w-tw-${margin}:y=h-th-${margin}`
  );
}

/** The poster frame: 1 s in, or the middle of a shorter video. */
export function posterArguments(input: string, probe: ProbeResult, frame: string): string[] {
  const at = probe.durationSeconds >= 2 ? 1 : probe.durationSeconds / 2;
  return ['-ss', at.toFixed(3), '-i', input, '-frames:v', '1', '-map_metadata', '-1', '-y', frame];
}

/**
 * Runs the ladder. With a mark, drawtext first; an ffmpeg that refuses it (built without
 * libfreetype) gets the mark as PNGs (`method: 'overlay'` asks for them at once).
 */
async function runLadder(
  deps: { ffmpeg: Ffmpeg; scratchRoot: string },
  job: { file: string; hlsDir: string; renditions: Rendition[]; hasAudio: boolean },
  options: { mark?: string | null; method?: 'drawtext' | 'overlay'; patterns?: string[] | null },
): Promise<void> {
  const { file, hlsDir, renditions, hasAudio } = job;
  const mark = options.mark ?? null;
  const patterns = options.patterns ?? null;
  const folders = renditions.flatMap((rung) =>
    patterns ? [rung.name, variantBFolder(rung.name)] : [rung.name],
  );
  if (!mark) {
    await deps.ffmpeg.run(hlsArguments(file, hlsDir, renditions, hasAudio, null, null, patterns));
    return;
  }
  if (options.method !== 'overlay') {
    try {
      await deps.ffmpeg.run(hlsArguments(file, hlsDir, renditions, hasAudio, mark, null, patterns));
      return;
    } catch (error) {
      if (error instanceof ToolFailedError && error.temporary) throw error;
      for (const folder of folders) {
        await rm(path.join(hlsDir, folder), { recursive: true, force: true });
        await mkdir(path.join(hlsDir, folder), { recursive: true });
      }
    }
  }
  const overlays = renditions.map((rung) => path.join(hlsDir, `mark-${rung.name}.png`));
  await Promise.all(
    renditions.map(async (rung, i) =>
      writeFile(overlays[i] ?? '', await markPng(rung.width, rung.height, [mark])),
    ),
  );
  try {
    await deps.ffmpeg.run(hlsArguments(file, hlsDir, renditions, hasAudio, mark, overlays, patterns));
  } finally {
    await Promise.all(overlays.map((overlay) => rm(overlay, { force: true })));
  }
}

/** Whether two rung folders start their segments with the same init segment, byte for byte. */
async function sameInitSegment(a: string, b: string): Promise<boolean> {
  const init = async (dir: string) => {
    const name = (await readdir(dir)).find((file) => /^init(?:_\d+)?\.mp4$/.test(file));
    return name ? readFile(path.join(dir, name)) : null;
  };
  const [first, second] = await Promise.all([init(a), init(b)]);
  return first !== null && second !== null && first.equals(second);
}

/** The master playlist without the variant B rungs: players are only ever told of A. */
export function withoutVariantB(master: string): string {
  const lines = master.split('\n');
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] as string;
    const next = lines[i + 1] ?? '';
    if (line.startsWith('#EXT-X-STREAM-INF') && /^\d{2,4}p-b\//.test(next.trim())) {
      i += 1;
      continue;
    }
    kept.push(line);
  }
  return kept.join('\n');
}

/** Refuses what ffprobe cannot parse; the result has a poster frame, its blurred twin and the HLS ladder. */
export async function processVideo(
  deps: { ffmpeg: Ffmpeg; scratchRoot: string },
  file: string,
  options: { mark?: string | null; method?: 'drawtext' | 'overlay'; variantB?: boolean } = {},
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
    const variantB = options.variantB === true;
    const folders = renditions.flatMap((rung) =>
      variantB ? [rung.name, variantBFolder(rung.name)] : [rung.name],
    );
    for (const folder of folders) await mkdir(path.join(hlsDir, folder), { recursive: true });
    const patterns = variantB
      ? renditions.map((rung) => path.join(hlsDir, `pattern-${rung.name}.png`))
      : null;
    if (patterns)
      await Promise.all(
        renditions.map(async (rung, i) =>
          writeFile(patterns[i] ?? '', await variantBPattern(rung.width, rung.height)),
        ),
      );
    try {
      await runLadder(
        deps,
        { file, hlsDir, renditions, hasAudio: probe.audioCodec !== null },
        { ...options, patterns },
      );
    } finally {
      if (patterns) await Promise.all(patterns.map((pattern) => rm(pattern, { force: true })));
    }
    for (const folder of folders) {
      const files = await readdir(path.join(hlsDir, folder));
      if (!files.includes('index.m3u8') || !files.some((name) => name.endsWith('.m4s')))
        throw new Error('no segments written');
    }
    const withB: string[] = [];
    if (variantB) {
      const master = path.join(hlsDir, 'master.m3u8');
      await writeFile(master, withoutVariantB(await readFile(master, 'utf8')));
      // A viewer's playlist mixes A's and B's segments under A's init segment: B is kept only
      // where its init segment is A's, byte for byte (the same encoder settings make it so).
      for (const rung of renditions) {
        if (await sameInitSegment(path.join(hlsDir, rung.name), path.join(hlsDir, variantBFolder(rung.name))))
          withB.push(rung.name);
        else await rm(path.join(hlsDir, variantBFolder(rung.name)), { recursive: true, force: true });
      }
    }
    return { probe, poster, hlsDir, renditions, variantB: withB, cleanup };
  } catch (error) {
    await cleanup();
    // ffmpeg missing or killed (out of memory): the job tries again rather than blame the file.
    if (error instanceof ToolFailedError && error.temporary) throw error;
    throw unreadable(mediaMessages.unreadableVideo);
  }
}
