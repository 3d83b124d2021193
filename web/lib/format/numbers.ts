/**
 * A whole number with its digits grouped by thousands ("1,204"), as `Intl.NumberFormat('en-US')`
 * writes it, without one: the first Intl formatter a page makes loads the browser's locale data,
 * about 20 ms of main thread (80 on a slow phone) inside the first render. A count on a post card
 * would pay it on every first page. format.test.ts compares the two.
 */
export function groupDigits(whole: number): string {
  const digits = String(Math.abs(whole));
  let grouped = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const group = digits.slice(Math.max(0, end - 3), end);
    grouped = grouped ? `${group},${grouped}` : group;
  }
  return whole < 0 ? `-${grouped}` : grouped;
}

let counts: Intl.NumberFormat | undefined;

/** A number as people read it here: digits grouped by thousands, the same on every screen ("1,204"). */
export function formatNumber(value: number): string {
  if (Number.isSafeInteger(value)) return groupDigits(value);
  counts ??= new Intl.NumberFormat('en-US');
  return counts.format(value);
}
