// British dates whatever the browser's language: '12 Mar 2026', '12 March 2026', '12 Mar 2026, 14:05'.

/** Made on first use: a formatter takes a few milliseconds to make, and a page may format no date. */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

const shortDates = once(
  () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }),
);
const longDates = once(
  () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }),
);
const stamps = once(() => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }));

function parsed(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '12 Mar 2026', for rows and lists; an unknown date reads as a dash. */
export function formatShortDate(iso: string | null | undefined): string {
  const date = parsed(iso);
  return date ? shortDates().format(date) : '—';
}

/** '12 March 2026'; an unknown date reads as a dash. */
export function formatLongDate(iso: string | null | undefined): string {
  const date = parsed(iso);
  return date ? longDates().format(date) : '—';
}

/** '12 Mar 2026, 14:05': a date with its time, for a message or a post's full date. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parsed(iso);
  return date ? stamps().format(date) : '—';
}
