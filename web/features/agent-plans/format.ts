// Money and dates are written by web/lib/format.ts for the whole app: naira without kobo unless
// there are any ('₦15,000', '₦50.50'), dates as '5 December 2026'.
export { formatLongDate as formatDate, formatPrice as formatMoney } from '../../lib/format.ts';
