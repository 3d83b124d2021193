import { formatNumber } from '../../lib/format.ts';

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
  return `${formatNumber(count)} ${likeWord(count)}`;
}

/** The style that paints a media placeholder (a data URL from the server) behind a box. */
export function placeholderBackground(placeholder: string | null | undefined): { backgroundImage?: string } {
  return placeholder ? { backgroundImage: `url(${placeholder})` } : {};
}

/** "3 photos · 1 video" (the same words as itemCountsLabel in common/schemas/posts.ts, without zod). */
export function itemCountsText(counts: { photos: number; videos: number }): string {
  const parts: string[] = [];
  if (counts.photos > 0) parts.push(`${counts.photos} ${counts.photos === 1 ? 'photo' : 'photos'}`);
  if (counts.videos > 0) parts.push(`${counts.videos} ${counts.videos === 1 ? 'video' : 'videos'}`);
  return parts.join(' · ');
}
