// Made on first use: a formatter takes a few milliseconds to make, and most pages show no count.
let compact: Intl.NumberFormat | undefined;

/** 1234 -> 1.2K: counts stay short enough for a phone's stat row. */
export function formatCount(count: number): string {
  compact ??= new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
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
