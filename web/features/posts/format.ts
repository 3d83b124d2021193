import { thumbHashToDataURL } from 'thumbhash';

/** 'Lena Park' -> 'LP', for an avatar without a picture. */
export function initials(displayName: string): string {
  const letters = displayName
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
  return letters || '?';
}

const likeWord = (count: number) => (count === 1 ? 'like' : 'likes');

/** '1 like', '1,234 likes': what a screen reader hears for the count. */
export function likesLabel(count: number): string {
  return `${count.toLocaleString('en-US')} ${likeWord(count)}`;
}

const placeholders = new Map<string, string | undefined>();

/** A thumbhash as a tiny PNG data URL painted behind media until it loads; undefined if unreadable. */
export function thumbhashDataUrl(hash: string | null): string | undefined {
  if (!hash) return undefined;
  if (!placeholders.has(hash)) {
    try {
      const bytes = Uint8Array.from(atob(hash), (char) => char.charCodeAt(0));
      placeholders.set(hash, thumbHashToDataURL(bytes));
    } catch {
      placeholders.set(hash, undefined);
    }
  }
  return placeholders.get(hash);
}

/** "3 photos · 1 video" (the same words as itemCountsLabel in common/schemas/posts.ts, without zod). */
export function itemCountsText(counts: { photos: number; videos: number }): string {
  const parts: string[] = [];
  if (counts.photos > 0) parts.push(`${counts.photos} ${counts.photos === 1 ? 'photo' : 'photos'}`);
  if (counts.videos > 0) parts.push(`${counts.videos} ${counts.videos === 1 ? 'video' : 'videos'}`);
  return parts.join(' · ');
}
