import { rm, stat } from 'node:fs/promises';
import { mediaMessages } from '../../../common/schemas/media.ts';
import type { Ffmpeg, ProbeResult } from '../../adapters/ffmpeg.ts';
import { scratchPath } from '../../adapters/storage/disk-driver.ts';
import { type RenderedImage, renderImage } from './image-processing.ts';
import { unreadable } from './media-errors.ts';

export interface ProcessedVideo {
  probe: ProbeResult;
  /** `poster` (WebP, at most 1280 wide), `preview` (blurred) and the thumbhash. */
  poster: RenderedImage;
  /** A faststart H.264/AAC MP4 without metadata, in scratch space. */
  videoFile: string;
  cleanup(): Promise<void>;
}

/** Already what browsers play: copy the streams instead of re-encoding them. */
function canRemux(probe: ProbeResult): boolean {
  return (
    probe.formatName.split(',').includes('mp4') &&
    probe.videoCodec === 'h264' &&
    (probe.audioCodec === null || probe.audioCodec === 'aac')
  );
}

const TRANSCODE = [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '23',
  '-pix_fmt',
  'yuv420p',
  '-vf',
  "scale='min(1920,iw)':-2",
  '-c:a',
  'aac',
  '-b:a',
  '128k',
];

/** Refuses what ffprobe cannot parse; the result has a poster frame, its blurred twin and a clean MP4. */
export async function processVideo(
  deps: { ffmpeg: Ffmpeg; scratchRoot: string },
  file: string,
): Promise<ProcessedVideo> {
  const probe = await deps.ffmpeg.probe(file);
  if (!probe) throw unreadable(mediaMessages.unreadableVideo);
  const frame = await scratchPath(deps.scratchRoot, '.png');
  const videoFile = await scratchPath(deps.scratchRoot, '.mp4');
  const cleanup = async () => {
    await rm(frame, { force: true });
    await rm(videoFile, { force: true });
  };
  try {
    const at = probe.durationSeconds >= 2 ? 1 : probe.durationSeconds / 2;
    await deps.ffmpeg.run([
      '-ss',
      at.toFixed(3),
      '-i',
      file,
      '-frames:v',
      '1',
      '-map_metadata',
      '-1',
      '-y',
      frame,
    ]);
    if (((await stat(frame).catch(() => null))?.size ?? 0) === 0) throw new Error('no frame decoded');
    const poster = await renderImage(frame, { widths: [1280], fallbackWidth: null, name: () => 'poster' });
    await rm(frame, { force: true });
    await deps.ffmpeg.run([
      '-i',
      file,
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      ...(canRemux(probe) ? ['-c', 'copy'] : TRANSCODE),
      '-map_metadata',
      '-1',
      '-map_chapters',
      '-1',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      '-y',
      videoFile,
    ]);
    if (((await stat(videoFile).catch(() => null))?.size ?? 0) === 0) throw new Error('no video written');
    return { probe, poster, videoFile, cleanup };
  } catch {
    await cleanup();
    throw unreadable(mediaMessages.unreadableVideo);
  }
}
