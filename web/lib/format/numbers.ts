/** A number as people read it here: digits grouped by thousands, the same on every screen ("1,204"). */
const counts = new Intl.NumberFormat('en-US');

export function formatNumber(value: number): string {
  return counts.format(value);
}
