import type { Subscriber } from '#common/schemas/fan-payments.ts';
import { formatMoney, formatShortDate } from './format.ts';

export type SubscriberTone = 'good' | 'waiting' | 'bad' | 'neutral';

/**
 * What a row of the creator's subscribers says, from the subscription's facts: 'Trial · until
 * 3 Dec 2026 · then $8.00', 'Active · renews 3 Dec 2026 · $8.00', 'Active until 3 Dec 2026 · not
 * renewing', 'Past due · retrying 4 Dec 2026', 'Ended 3 Dec 2026'.
 */
export function subscriberState(subscriber: Subscriber): { tone: SubscriberTone; label: string } {
  const price = formatMoney(subscriber.amount);
  if (subscriber.status !== 'Expired' && subscriber.retryAt) {
    return { tone: 'bad', label: `Past due · retrying ${formatShortDate(subscriber.retryAt)}` };
  }
  if (subscriber.status !== 'Expired' && !subscriber.activeUntil && subscriber.renews) {
    return { tone: 'bad', label: 'Past due' };
  }
  if (subscriber.status === 'Expired' || !subscriber.activeUntil) {
    const ended = formatShortDate(subscriber.endedAt ?? subscriber.currentPeriodEnd);
    return { tone: 'neutral', label: subscriber.trial ? `Trial ended ${ended}` : `Ended ${ended}` };
  }
  const until = formatShortDate(subscriber.activeUntil);
  if (subscriber.trial) {
    return subscriber.renews
      ? { tone: 'good', label: `Trial · until ${until} · then ${price}` }
      : { tone: 'waiting', label: `Trial · until ${until} · not renewing` };
  }
  return subscriber.renews
    ? { tone: 'good', label: `Active · renews ${until} · ${price}` }
    : { tone: 'waiting', label: `Active until ${until} · not renewing` };
}
