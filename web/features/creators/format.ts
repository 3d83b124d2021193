// Made on first use, for what formatCount does not write by hand.
let compact: Intl.NumberFormat | undefined;

const units = ['', 'K', 'M', 'B', 'T'];

/**
 * 1234 -> 1.2K: counts stay short enough for a phone's stat row. Whole counts are written by hand
 * as `Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 })` writes them
 * (format.test.ts compares the two): a profile shows them in its first paint, and the first Intl
 * formatter a page makes loads the browser's locale data (about 20 ms of main thread).
 */
export function formatCount(count: number): string {
  if (Number.isSafeInteger(count) && count >= 0 && count < 1e15) {
    if (count < 1000) return String(count);
    let unit = 1;
    while (unit < units.length - 1 && count >= 1000 ** (unit + 1)) unit += 1;
    // To one decimal, halves up: 1250 -> 1.3K; 999,950 -> 1M, not 1000K.
    let rounded = Math.round(count / 10 ** (unit * 3 - 1)) / 10;
    if (rounded >= 1000 && unit < units.length - 1) {
      unit += 1;
      rounded = Math.round(count / 10 ** (unit * 3 - 1)) / 10;
    }
    return `${rounded}${units[unit]}`;
  }
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
