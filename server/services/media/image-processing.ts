import sharp, { type Metadata, type Sharp } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { limits } from '../../../common/limits.ts';
import { mediaMessages } from '../../../common/schemas/media.ts';
import { unreadable } from './media-errors.ts';

export interface RenderedFile {
  name: string;
  data: Buffer;
  mime: string;
  width: number;
  height: number;
}

export interface RenderedImage {
  width: number;
  height: number;
  thumbhash: string;
  files: RenderedFile[];
}

/** Decoding untrusted input: refuse bombs past the pixel cap and files libvips warns about. */
const INPUT = { limitInputPixels: limits.media.maxImagePixels, failOn: 'warning' } as const;

/**
 * Width and height as displayed, read from the header without decoding the pixels, so a
 * decompression bomb is refused before it can take memory.
 */
export async function readImageSize(file: string): Promise<{ width: number; height: number }> {
  let metadata: Metadata;
  try {
    // Header only: the pixel cap is checked here, before anything is decoded.
    metadata = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable(mediaMessages.unreadableImage);
  }
  const width = metadata.width;
  const height = metadata.pageHeight ?? metadata.height;
  if (!width || !height) throw unreadable(mediaMessages.unreadableImage);
  if (width * height > limits.media.maxImagePixels) throw unreadable(mediaMessages.imageTooManyPixels);
  const turned = (metadata.orientation ?? 1) >= 5;
  return turned ? { width: height, height: width } : { width, height };
}

async function encode(pipeline: Sharp, name: string, mime: string): Promise<RenderedFile> {
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return { name, data, mime, width: info.width, height: info.height };
}

/** Thumbhash of a <= 100px RGBA version, base64. */
async function thumbhashOf(base: Sharp): Promise<string> {
  const { data, info } = await base
    .clone()
    .resize(100, 100, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
}

/**
 * What a viewer who is not entitled gets: 32px wide, blurred, re-encoded at 64px to be stretched
 * by CSS. Nothing of the original's detail survives the 32px step.
 */
async function blurredPreview(base: Sharp): Promise<RenderedFile> {
  const tiny = await base.clone().resize(32, 32, { fit: 'inside' }).png().toBuffer();
  return encode(
    sharp(tiny).resize(64, 64, { fit: 'inside', kernel: 'cubic' }).blur(4).webp({ quality: 40 }),
    'preview',
    'image/webp',
  );
}

/** Target widths never upscaled: the smaller slots, plus one at the image's own width when it falls between. */
export function widthSlots(width: number, slots: readonly number[] = limits.media.imageWidths): number[] {
  const below = slots.filter((slot) => slot < width);
  const cover = slots.find((slot) => slot >= width);
  return cover === undefined ? below : [...below, cover];
}

/**
 * Re-encodes an untrusted image: orientation applied, every metadata field dropped (sharp keeps
 * none unless asked), WebP at the width slots, a JPEG fallback of the middle size, a thumbhash
 * and a blurred preview.
 */
export async function renderImage(
  file: string,
  options: {
    widths?: readonly number[];
    fallbackWidth?: number | null;
    name?: (slot: number) => string;
  } = {},
): Promise<RenderedImage> {
  const size = await readImageSize(file);
  const base = sharp(file, INPUT).rotate();
  const name = options.name ?? ((slot: number) => `w${slot}`);
  const fallbackWidth =
    options.fallbackWidth === undefined ? limits.media.fallbackWidth : options.fallbackWidth;
  try {
    const outputs: Promise<RenderedFile>[] = widthSlots(size.width, options.widths).map((slot) =>
      encode(
        base.clone().resize({ width: slot, withoutEnlargement: true }).webp({ quality: 80 }),
        name(slot),
        'image/webp',
      ),
    );
    if (fallbackWidth !== null) {
      outputs.push(
        encode(
          base.clone().resize({ width: fallbackWidth, withoutEnlargement: true }).jpeg({ quality: 82 }),
          'jpeg',
          'image/jpeg',
        ),
      );
    }
    outputs.push(blurredPreview(base));
    const [files, thumbhash] = await Promise.all([Promise.all(outputs), thumbhashOf(base)]);
    return { ...size, thumbhash, files };
  } catch {
    throw unreadable(mediaMessages.unreadableImage);
  }
}

/** An identity document photo: kept at full size for legibility, re-encoded without metadata. */
export async function reencodeDocumentImage(file: string, mime: string): Promise<RenderedFile> {
  await readImageSize(file);
  const base = sharp(file, INPUT).rotate();
  try {
    return mime === 'image/png'
      ? await encode(base.png(), 'document', 'image/png')
      : await encode(base.jpeg({ quality: 90 }), 'document', 'image/jpeg');
  } catch {
    throw unreadable(mediaMessages.unreadableImage);
  }
}
