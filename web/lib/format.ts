/**
 * How the web app writes money and dates, in one place: every file imports its formatter from here,
 * and no other file calls `toLocaleString` on a date or makes an `Intl.DateTimeFormat`. Amounts
 * arrive as integer minor units (cents) with their currency, dates as ISO strings; the wallet adds
 * a signed amount (features/fan-payments/format.ts).
 *
 * What a first page shows (counts, dollar and naira amounts, British dates) is written by hand as
 * Intl writes it, so that page makes no Intl object (web/lib/format/numbers.ts says why).
 *
 * This file only names what web/lib/format/ holds: a first page then loads only the parts it uses
 * (the build follows a module that only re-exports by name, docs/decisions/0032).
 */

export { instantToLocal, localToInstant, ownTimeZone } from './format/date-inputs.ts';
export { formatDateTime, formatLongDate, formatShortDate } from './format/dates.ts';
export { formatDayLabel } from './format/day-label.ts';
export { formatLocalDate, type LocalDateStyle } from './format/local-dates.ts';
export { formatMoney, formatPrice, type Money } from './format/money.ts';
export { formatNumber } from './format/numbers.ts';
export { relativeTimeLabel } from './format/relative-time.ts';
export { formatClockTime, formatLongDateTime } from './format/times.ts';
export { formatUtcDay, formatUtcMonth } from './format/utc-dates.ts';
