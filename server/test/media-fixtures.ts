import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * The hostile-file corpus, generated (never checked in): real images from sharp, real videos from
 * ffmpeg, and hand-built Buffers for what no encoder would make on purpose.
 */

/** A noisy photo-like JPEG (noise makes the encoders work as they would on a photo). */
export async function jpeg(width = 800, height = 600): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#3a7bd5',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

export async function png(width = 400, height = 300): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 40, b: 90, alpha: 0.8 } } })
    .png()
    .toBuffer();
}

/** A phone photo: camera make, a GPS position and a sideways orientation in its EXIF. */
export async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 400, channels: 3, background: '#88aa44' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'Fanplace Test Camera', Model: 'Leaky 3000' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2600/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3900/100',
      },
    })
    .toBuffer();
}

export const textPretendingToBeJpeg = () => Buffer.from('This is a text file named photo.jpg.\n'.repeat(20));

export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await jpeg(1200, 900);
  return whole.subarray(0, Math.floor(whole.length * 0.6));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A complete, valid 10000x10000 grayscale PNG (100 megapixels) that deflates to about 100 KB. */
export function pngBomb(side = 10_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit grayscale, no interlace
  const rows = Buffer.alloc((side + 1) * side); // every row: filter byte 0 and black pixels
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const svgWithScript = () =>
  Buffer.from(
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
      '<script>fetch("/api/auth/profile").then(r=>r.text()).then(alert)</script><rect width="10" height="10"/></svg>',
  );

/** A stored (uncompressed) ZIP with one file, built by hand. */
export function zipWith(name: string, content: Buffer): Buffer {
  const fileName = Buffer.from(name);
  const checksum = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(checksum, 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(checksum, 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const localPart = Buffer.concat([local, fileName, content]);
  const centralPart = Buffer.concat([central, fileName]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralPart.length, 12);
  end.writeUInt32LE(localPart.length, 16);
  return Buffer.concat([localPart, centralPart, end]);
}

/** A JPEG that is also a ZIP archive (the archive appended after the image). */
export async function jpegZipPolyglot(): Promise<Buffer> {
  const image = await jpeg(200, 200);
  const archive = zipWith('payload.html', Buffer.from('<script>alert(document.domain)</script>'));
  // Offsets in a ZIP are relative to its own start here; unzip tools find it from the end either way.
  return Buffer.concat([image, archive]);
}

/** "ftyp isom" then noise: file-type says MP4, ffprobe says no. */
export function fakeMp4(bytes = 200_000): Buffer {
  const ftyp = Buffer.from('000000186674797069736f6d0000020069736f6d6d703431', 'hex');
  return Buffer.concat([ftyp, randomBytes(bytes)]);
}

function withTempDir<T>(run: (dir: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'fp-fixture-'));
  try {
    return run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A test pattern and a sine tone (2 s unless told), with metadata that must not survive processing. */
export function testVideo(
  options: {
    container?: 'mp4' | 'webm';
    faststart?: boolean;
    size?: string;
    audio?: boolean;
    /** Seconds (default 2). */
    duration?: number;
  } = {},
): Buffer {
  const duration = options.duration ?? 2;
  const container = options.container ?? 'mp4';
  return withTempDir((dir) => {
    const out = path.join(dir, `video.${container}`);
    execFileSync(
      'ffmpeg',
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        `testsrc=duration=${duration}:size=${options.size ?? '320x240'}:rate=15`,
        ...(options.audio === false ? [] : ['-f', 'lavfi', '-i', `sine=duration=${duration}`]),
        ...(container === 'webm' ? ['-c:v', 'libvpx'] : ['-c:v', 'libx264']),
        ...(options.audio === false ? [] : container === 'webm' ? ['-c:a', 'libopus'] : ['-c:a', 'aac']),
        '-shortest',
        '-metadata',
        'title=Secret title',
        '-metadata',
        'location=+51.5074-000.1278/',
        ...(options.faststart ? ['-movflags', '+faststart'] : []),
        out,
      ],
      { stdio: 'ignore' },
    );
    return readFileSync(out);
  });
}

/**
 * A video whose header parses (ffprobe is content) but whose pictures are gone: the media data
 * of a faststart MP4 overwritten with zeros.
 */
export function brokenVideo(): Buffer {
  const video = Buffer.from(testVideo({ faststart: true }));
  const mdat = video.indexOf(Buffer.from('mdat'));
  video.fill(0, mdat + 4);
  return video;
}
