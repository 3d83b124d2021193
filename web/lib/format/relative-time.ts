const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/**
 * The spec's relative labels (section 4): under 60 s 'just now', then min, hrs, d (under 7 days),
 * w (under 4 weeks), mo (under 12 months), y. A time in the future reads 'just now'.
 */
export function relativeTimeLabel(then: Date | string, now: Date = new Date()): string {
  const seconds = Math.floor((now.getTime() - new Date(then).getTime()) / 1000);
  if (!Number.isFinite(seconds) || seconds < MINUTE) return 'just now';
  if (seconds < HOUR) return `${Math.floor(seconds / MINUTE)} min`;
  if (seconds < DAY) return `${Math.floor(seconds / HOUR)} hrs`;
  if (seconds < WEEK) return `${Math.floor(seconds / DAY)} d`;
  if (seconds < 4 * WEEK) return `${Math.floor(seconds / WEEK)} w`;
  const months = Math.floor(seconds / MONTH);
  if (months < 12) return `${Math.max(1, months)} mo`;
  return `${Math.max(1, Math.floor(seconds / YEAR))} y`;
}
