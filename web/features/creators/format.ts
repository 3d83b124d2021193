const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** 1234 -> 1.2K: counts stay short enough for a phone's stat row. */
export function formatCount(count: number): string {
  return compact.format(count);
}

/** 'Lena Park' -> 'LP'; one word gives one letter. */
export function creatorInitials(displayName: string): string {
  const letters = displayName
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
  return letters || '?';
}
