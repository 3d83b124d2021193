import type { MediaRecord } from '../../repositories/media/media.repository.ts';

/** A photo's responsive WebP renditions are named by their width: `w320`, `w1080`, ... */
export const RESPONSIVE_VARIANT = /^w\d+$/;

/**
 * The rendition that shows most of a photo: its full-size JPEG, or else its widest WebP.
 * Undefined when neither was made.
 */
export function largestPhotoRendition(
  variants: MediaRecord['variants'],
): MediaRecord['variants'][string] | undefined {
  if (variants.jpeg) return variants.jpeg;
  const widest = Object.keys(variants)
    .filter((name) => RESPONSIVE_VARIANT.test(name))
    .sort((a, b) => Number(b.slice(1)) - Number(a.slice(1)))[0];
  return widest ? variants[widest] : undefined;
}
