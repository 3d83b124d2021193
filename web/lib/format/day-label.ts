// A chat's day dividers, in the viewer's own language (the browser's locale).
const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

/** A chat's day divider: 'Today', 'Yesterday', 'Monday, Mar 9' this week, 'Mar 2', 'Dec 30, 2025'. */
export function formatDayLabel(iso: string, now = new Date()): string {
  const day = new Date(iso);
  const days = Math.round((startOfDay(now) - startOfDay(day)) / 86_400_000);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return new Intl.DateTimeFormat(undefined, {
    weekday: days < 7 ? 'long' : undefined,
    month: 'short',
    day: 'numeric',
    year: day.getFullYear() === now.getFullYear() ? undefined : 'numeric',
  }).format(day);
}
