import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EarningsBucket, EarningsOverview, EarningsPeriod } from '#common/schemas/earnings.ts';
import { Component as EarningsPage } from '../../../app/routes/wallet-earnings.tsx';
import { json, type RecordedRequest, stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { buildProfile } from '../../creators/test/build-profile.ts';

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

const zero = { subscriptions: 0, renewals: 0, tips: 0, posts: 0, messages: 0, total: 0 };

const bucket = (start: string, amounts: Partial<EarningsBucket> = {}): EarningsBucket => {
  const filled = { ...zero, ...amounts, start };
  filled.total = filled.subscriptions + filled.renewals + filled.tips + filled.posts + filled.messages;
  return filled;
};

/** An overview as the server answers it: three days, one of them without earnings. */
function buildOverview(
  period: EarningsPeriod = 'day',
  overrides: Partial<EarningsOverview> = {},
): EarningsOverview {
  const buckets = [
    bucket('2026-11-22', { subscriptions: 800, posts: 640 }),
    bucket('2026-11-23'),
    bucket('2026-11-24', { tips: 400, messages: 240, renewals: 800 }),
  ];
  return {
    period,
    from: '2026-11-22',
    to: '2026-11-24',
    currency: 'USD',
    buckets,
    totals: { subscriptions: 800, renewals: 800, tips: 400, posts: 640, messages: 240, total: 2880 },
    topPosts: [{ id: 'p-1', excerpt: 'Sunset over the harbour', earned: 640, sales: 1 }],
    topMessages: [{ id: 'm-1', conversationId: 'c-7', excerpt: '', earned: 240, sales: 2 }],
    ...overrides,
  };
}

const months = buildOverview('month', {
  from: '2026-10-01',
  to: '2026-11-30',
  buckets: [bucket('2026-10-01', { tips: 300 }), bucket('2026-11-01', { posts: 700 })],
  totals: { ...zero, tips: 300, posts: 700, total: 1000 },
});

/** Routes the stubbed fetch by 'METHOD /api/path'; the viewer is a creator unless a test says otherwise. */
function stubApi(handlers: Record<string, Handler>, creator = true) {
  const all: Record<string, Handler> = {
    'GET /api/creators/me': () =>
      json(200, {
        creator: creator ? buildProfile({ viewer: { isOwner: true, isFollowing: false } }) : null,
        counts: { liked: 0, purchased: 0, purchasedMessages: 0 },
      }),
    ...handlers,
  };
  return stubFetch((request) => {
    const handler = all[`${request.method} ${new URL(request.url, 'http://localhost').pathname}`];
    return handler ? handler(request) : json(404, { message: 'Not found', code: 'NOT_FOUND' });
  });
}

const periodOf = (request: RecordedRequest) =>
  new URL(request.url, 'http://localhost').searchParams.get('period');
const earningsRequests = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url.includes('/api/wallet/earnings'));

const renderEarnings = (path = '/wallet/earnings') =>
  renderRoutes([{ path: '/wallet/earnings', Component: EarningsPage }], path);

/** The value shown under a total's label. */
const total = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).parentElement?.querySelector('dd')?.textContent;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('earnings overview', () => {
  it('shows a skeleton, then the totals per kind, the chart with its tooltips and table, and the top posts and messages', async () => {
    signInAs({ id: 'u-9' });
    const requests = stubApi({ 'GET /api/wallet/earnings': () => json(200, buildOverview()) });
    renderEarnings();
    expect(await screen.findByRole('status', { name: 'Loading your earnings' })).toBeTruthy();

    expect(await screen.findByRole('heading', { name: 'Earnings by day' })).toBeTruthy();
    expect(total('Total')).toBe('$28.80');
    expect(total('Subscriptions')).toBe('$8.00');
    expect(total('Renewals')).toBe('$8.00');
    expect(total('Tips')).toBe('$4.00');
    expect(total('Posts')).toBe('$6.40');
    expect(total('Messages')).toBe('$2.40');
    expect(earningsRequests(requests).map(periodOf)).toEqual(['day']);

    // The chart: a summary for screen readers, a legend, and each bar's figures as its tooltip.
    const chart = screen.getByRole('img', { name: /^Earnings per day from 22 Nov 2026 to 24 Nov 2026/ });
    expect(chart.getAttribute('aria-label')).toContain('$28.80 in all');
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Subscriptions', 'Renewals', 'Tips', 'Posts', 'Messages']);
    const titles = [...chart.querySelectorAll('g > title')].map((title) => title.textContent);
    expect(titles).toEqual([
      '22 Nov 2026: $14.40 (Subscriptions $8.00, Posts $6.40)',
      '23 Nov 2026: $0.00',
      '24 Nov 2026: $14.40 (Renewals $8.00, Tips $4.00, Messages $2.40)',
    ]);
    // Stacked: the first day's bar has two parts, the empty day none.
    const bars = [...chart.querySelectorAll('g')].map((group) => group.querySelectorAll('rect').length - 1);
    expect(bars).toEqual([2, 0, 3]);

    // The same numbers as a table, always there for screen readers, shown on request.
    const table = screen.getByRole('table', { name: 'Earnings per day' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').at(-1)?.textContent)).toEqual([
      '$14.40',
      '$0.00',
      '$14.40',
    ]);
    expect(within(rows[0] as HTMLElement).getByRole('rowheader').textContent).toBe('22 Nov 2026');
    const toggle = screen.getByRole('button', { name: 'Show as table' });
    expect(table.parentElement?.className).toContain('sr-only');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(table.parentElement?.className).not.toContain('sr-only');

    // The top posts and messages link to the post and the conversation.
    const posts = screen.getByRole('region', { name: 'Top posts' });
    const post = within(posts).getByRole('link');
    expect(post.getAttribute('href')).toBe('/post/p-1');
    expect(post.textContent).toContain('Sunset over the harbour');
    expect(post.textContent).toContain('$6.40');
    expect(post.textContent).toContain('1 sale');
    const message = within(screen.getByRole('region', { name: 'Top messages' })).getByRole('link');
    expect(message.getAttribute('href')).toBe('/message?c=c-7');
    expect(message.textContent).toContain('Photos and videos');
    expect(message.textContent).toContain('2 sales');
  });

  it('switches between days, weeks and months with toggle buttons', async () => {
    signInAs({ id: 'u-9' });
    const requests = stubApi({
      'GET /api/wallet/earnings': (request) => {
        const period = (periodOf(request) ?? 'day') as EarningsPeriod;
        if (period === 'month') return json(200, months);
        if (period !== 'week') return json(200, buildOverview(period));
        return json(
          200,
          buildOverview('week', {
            from: '2026-11-16',
            to: '2026-11-29',
            buckets: [bucket('2026-11-16', { tips: 1000 }), bucket('2026-11-23', { posts: 500 })],
            totals: { ...zero, tips: 1000, posts: 500, total: 1500 },
          }),
        );
      },
    });
    renderEarnings();
    await screen.findByRole('heading', { name: 'Earnings by day' });
    const group = screen.getByRole('group', { name: 'Period' });
    const day = within(group).getByRole('button', { name: 'Day' });
    const week = within(group).getByRole('button', { name: 'Week' });
    expect(day.getAttribute('aria-pressed')).toBe('true');
    expect(week.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText('Last 30 days')).toBeTruthy();

    // Keyboard: Tab reaches the switch, Enter chooses.
    week.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Earnings by week' })).toBeTruthy();
    expect(week.getAttribute('aria-pressed')).toBe('true');
    expect(day.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText('Last 12 weeks')).toBeTruthy();
    expect(total('Total')).toBe('$15.00');
    const chart = screen.getByRole('img', { name: /^Earnings per week/ });
    expect([...chart.querySelectorAll('g > title')].map((title) => title.textContent)).toEqual([
      'Week of 16 Nov 2026: $10.00 (Tips $10.00)',
      'Week of 23 Nov 2026: $5.00 (Posts $5.00)',
    ]);

    await userEvent.click(within(group).getByRole('button', { name: 'Month' }));
    expect(await screen.findByRole('heading', { name: 'Earnings by month' })).toBeTruthy();
    expect(earningsRequests(requests).map(periodOf)).toEqual(['day', 'week', 'month']);
  });

  it('opens on the period in the address', async () => {
    signInAs({ id: 'u-9' });
    const requests = stubApi({ 'GET /api/wallet/earnings': () => json(200, months) });
    renderEarnings('/wallet/earnings?period=month');
    expect(await screen.findByRole('heading', { name: 'Earnings by month' })).toBeTruthy();
    expect(earningsRequests(requests).map(periodOf)).toEqual(['month']);
    const chart = screen.getByRole('img', { name: /^Earnings per month from 1 Oct 2026 to 30 Nov 2026/ });
    expect([...chart.querySelectorAll('g > title')].map((title) => title.textContent)).toEqual([
      'October 2026: $3.00 (Tips $3.00)',
      'November 2026: $7.00 (Posts $7.00)',
    ]);
    expect(screen.getByText('Oct 2026')).toBeTruthy();
    expect(screen.getByText('Nov 2026')).toBeTruthy();
  });

  it('says so when nothing was earned yet', async () => {
    signInAs({ id: 'u-9' });
    stubApi({
      'GET /api/wallet/earnings': () =>
        json(
          200,
          buildOverview('day', {
            buckets: [bucket('2026-11-23'), bucket('2026-11-24')],
            totals: zero,
            topPosts: [],
            topMessages: [],
          }),
        ),
    });
    renderEarnings();
    expect(await screen.findByRole('heading', { name: 'No earnings yet' })).toBeTruthy();
    expect(screen.getByText(/Nothing earned in the last 30 days/)).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    // The switch stays, to look further back.
    expect(screen.getByRole('group', { name: 'Period' })).toBeTruthy();
  });

  it('shows the error with Try again, which asks again', async () => {
    signInAs({ id: 'u-9' });
    let fail = true;
    const requests = stubApi({
      'GET /api/wallet/earnings': () =>
        fail
          ? json(429, { message: 'Too many requests. Please wait a moment.', code: 'RATE_LIMITED' })
          : json(200, buildOverview()),
    });
    renderEarnings();
    expect(await screen.findByRole('heading', { name: 'Your earnings could not be loaded' })).toBeTruthy();
    expect(screen.getByText('Too many requests. Please wait a moment.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Earnings by day' })).toBeTruthy();
    expect(earningsRequests(requests)).toHaveLength(2);
  });

  it('asks a fan to become a creator instead of asking for earnings', async () => {
    signInAs({ id: 'u-9' });
    const requests = stubApi({ 'GET /api/wallet/earnings': () => json(200, buildOverview()) }, false);
    renderEarnings();
    expect(await screen.findByRole('heading', { name: 'Earnings are for creators' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Become a Creator' }).getAttribute('href')).toBe('/creator');
    expect(earningsRequests(requests)).toEqual([]);
  });
});
