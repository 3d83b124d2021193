import { cleanup, render, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Subscriber } from '#common/schemas/fan-payments.ts';
import { buildSubscriber } from '../test/fan-payments-api.ts';
import { SubscriberRows } from './subscriber-rows.tsx';

const end = '2026-12-03T10:00:00.000Z';
const eight = { amount: 800, currency: 'USD' };

function rowText(subscriber: Subscriber): string {
  const { getByRole } = render(<SubscriberRows items={[subscriber]} onChoose={() => {}} />);
  const list = getByRole('list', { name: 'Subscribers' });
  return within(list).getByRole('listitem').textContent ?? '';
}

afterEach(cleanup);

describe('the subscriber rows say what is true of each subscription', () => {
  it.each([
    [
      'a free trial that will end',
      { status: 'Unsubscribed', trial: true, renews: false, activeUntil: end, canceledAt: end },
      'Trial · until 3 Dec 2026 · not renewing',
      ['Unsubscribed', '$8.00'],
    ],
    [
      'a free trial that renews',
      { status: 'Subscribed', trial: true, renews: true, activeUntil: end },
      'Trial · until 3 Dec 2026 · then $8.00',
      ['Unsubscribed'],
    ],
    [
      'a renewing subscription',
      { status: 'Subscribed', renews: true, activeUntil: end },
      'Active · renews 3 Dec 2026 · $8.00',
      ['Unsubscribed'],
    ],
    [
      'a paid 12-month bundle that will not renew',
      {
        status: 'Unsubscribed',
        plan: 'twelve_months',
        planName: '12 Months',
        renews: false,
        activeUntil: end,
        canceledAt: '2026-01-03T10:00:00.000Z',
      },
      'Active until 3 Dec 2026 · not renewing',
      ['Unsubscribed'],
    ],
    [
      'a failed renewal',
      {
        status: 'Subscribed',
        renews: true,
        activeUntil: null,
        retryAt: '2026-12-04T10:00:00.000Z',
      },
      'Past due · retrying 4 Dec 2026',
      ['Active', 'Ended'],
    ],
    [
      'an ended subscription',
      { status: 'Expired', renews: false, activeUntil: null, endedAt: end },
      'Ended 3 Dec 2026',
      ['Active', 'renews'],
    ],
  ] as const)('%s', (_, facts, label, absent) => {
    const text = rowText(
      buildSubscriber({ amount: eight, currentPeriodEnd: end, ...(facts as Partial<Subscriber>) }),
    );
    expect(text).toContain(label);
    for (const word of absent) expect(text).not.toContain(word);
  });
});
