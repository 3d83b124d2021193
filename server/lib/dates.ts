/** A day with its year, as words: "November 28, 2026", in UTC (notices, traces). */
export function formatFullDay(date: Date): string {
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** A day as words in what the server writes (notifications, emails): "November 28", in UTC. */
export function formatDay(date: Date): string {
  return date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
}
