// Date inputs (`datetime-local`) hold the time in the viewer's own time zone, without one named.

let zone: string | null = null;
/** The viewer's own time zone, as their browser knows it ('Europe/Paris'), in which dates are shown. */
export function ownTimeZone(): string {
  zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone;
}

/** A `datetime-local` value (the browser's time zone) as an instant, or null when empty or invalid. */
export function localToInstant(value: string): Date | null {
  if (value.trim() === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An instant as a `datetime-local` value in the browser's time zone ('2026-03-12T14:05'). */
export function instantToLocal(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
