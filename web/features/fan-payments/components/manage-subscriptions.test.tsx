import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as SettingsPage } from '../../../app/routes/settings.tsx';
import { toast } from '../../../lib/toast.ts';
import { json, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { buildProfile } from '../../creators/test/build-profile.ts';
import { buildFanSubscription, buildSubscriber, page, paramsOf, stubApi } from '../test/fan-payments-api.ts';

const kofi = buildSubscriber();
const ama = buildSubscriber({
  id: 's-2',
  userId: 'u-3',
  name: 'Ama Owusu',
  handle: 'ama',
  status: 'Expired',
  plan: 'six_months',
  planName: '6 Months',
  amount: { amount: 4795, currency: 'USD' },
});

const renderTab = () =>
  renderRoutes(
    [
      { path: '/settings', Component: SettingsPage },
      { path: '/message', element: <h1>Messages page</h1> },
    ],
    '/settings?tab=payments&view=subscriptions',
  );

function creatorApi(extra: Record<string, (request: RecordedRequest) => Response> = {}) {
  return stubApi({
    'GET /api/creators/me': () =>
      json(200, {
        creator: buildProfile({ viewer: { isOwner: true, isFollowing: false } }),
        counts: { liked: 0, purchased: 0, purchasedMessages: 0 },
      }),
    'GET /api/creators/me/subscribers': (request) =>
      page(paramsOf(request).status === 'Expired' ? [ama] : [kofi, ama]),
    'GET /api/me/subscriptions': () => page([]),
    ...extra,
  });
}

async function openRowMenu(who: string, item: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for ${who}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('Manage Subscriptions for a creator', () => {
  it('lists subscribers with name, @handle, status, date, plan and amount, filtered by status', async () => {
    signInAs({ id: 'u-9' });
    const requests = creatorApi();
    renderTab();
    const list = await screen.findByRole('list', { name: 'Subscribers' });
    const [first, second] = within(list).getAllByRole('listitem') as HTMLElement[];
    expect(within(first as HTMLElement).getByText('Kofi Mensah')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('@ama')).toBeTruthy();
    expect(list.textContent).not.toContain('@example.com');
    expect(
      within(first as HTMLElement).getAllByText('Active · renews 31 Mar 2026 · $9.99').length,
    ).toBeGreaterThan(0);
    expect(within(second as HTMLElement).getAllByText('Ended 31 Mar 2026').length).toBeGreaterThan(0);
    expect(within(first as HTMLElement).getAllByText('Monthly').length).toBeGreaterThan(0);
    expect(within(first as HTMLElement).getByText('$9.99')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('$47.95')).toBeTruthy();

    const status = screen.getAllByRole('combobox', { name: 'Status' })[0] as HTMLSelectElement;
    expect(Array.from(status.options).map((option) => option.text)).toEqual([
      'All Statuses',
      'Subscribed',
      'Unsubscribed',
      'Expired',
    ]);
    await userEvent.selectOptions(status, 'Expired');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    const last = requests.filter((request) => request.url.startsWith('/api/creators/me/subscribers')).at(-1);
    expect(paramsOf(last)).toEqual({ status: 'Expired', limit: '20' });
    // A fan's own subscriptions are listed below, empty here.
    expect(screen.getByRole('heading', { name: 'No subscriptions yet' })).toBeTruthy();
  });

  it("says when a cancelled subscriber's access ends, not that a period still running has ended", async () => {
    signInAs({ id: 'u-9' });
    const inTenDays = new Date(Date.now() + 10 * 86_400_000);
    const leaving = buildSubscriber({
      status: 'Unsubscribed',
      currentPeriodEnd: inTenDays.toISOString(),
      canceledAt: new Date(Date.now() - 86_400_000).toISOString(),
    });
    creatorApi({ 'GET /api/creators/me/subscribers': () => page([leaving, ama]) });
    renderTab();
    await openRowMenu('Kofi Mensah', 'View Details');
    const dialog = await screen.findByRole('dialog', { name: 'Kofi Mensah' });
    expect(within(dialog).getByText('Access ends')).toBeTruthy();
    expect(within(dialog).queryByText('Period ended')).toBeNull();
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);

    await openRowMenu('Ama Owusu (@ama)', 'View Details');
    const ended = await screen.findByRole('dialog', { name: 'Ama Owusu' });
    expect(within(ended).getByText('Period ended')).toBeTruthy();
  });

  it('shows the details and sends Message User to the conversation with that user', async () => {
    signInAs({ id: 'u-9' });
    creatorApi();
    const { router } = renderTab();
    await openRowMenu('Kofi Mensah', 'View Details');
    const dialog = await screen.findByRole('dialog', { name: 'Kofi Mensah' });
    expect(within(dialog).getByText('Current period ends')).toBeTruthy();
    expect(within(dialog).getByText('31 March 2026')).toBeTruthy();
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);

    await openRowMenu('Kofi Mensah', 'Message User');
    expect(await screen.findByRole('heading', { name: 'Messages page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/message');
    expect(router.state.location.search).toBe('?user=u-2');
  });

  it('unsubscribes a fan after a confirm that explains the pro-rata refund', async () => {
    signInAs({ id: 'u-9' });
    const success = vi.spyOn(toast, 'success');
    const requests = creatorApi({
      'POST /api/creators/me/subscribers/s-1/unsubscribe': () =>
        json(200, {
          message: 'User unsubscribed. The unused part of their payment was refunded.',
          subscriber: { ...kofi, status: 'Unsubscribed' },
          refund: { amount: 500, currency: 'USD' },
        }),
    });
    renderTab();
    await openRowMenu('Kofi Mensah', 'Unsubscribe user');
    const dialog = await screen.findByRole('dialog', { name: 'Unsubscribe Kofi Mensah?' });
    expect(within(dialog).getByText(/cancels their subscription immediately/)).toBeTruthy();
    expect(within(dialog).getByText(/pro rata by the day, is refunded to them/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unsubscribe' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        'User unsubscribed. The unused part of their payment was refunded.',
      ),
    );
    expect(requests.some((request) => request.url === '/api/creators/me/subscribers/s-1/unsubscribe')).toBe(
      true,
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('does not offer to unsubscribe an expired subscriber, and blocks through the block dialog', async () => {
    signInAs({ id: 'u-9' });
    const requests = creatorApi({ 'POST /api/me/blocks': () => json(200, { message: 'User blocked' }) });
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Ama Owusu (@ama)' }));
    expect(
      (await screen.findByRole('menuitem', { name: 'Unsubscribe user' })).getAttribute('aria-disabled'),
    ).toBe('true');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Block User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Ama Owusu?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() =>
      expect(requests.find((request) => request.url === '/api/me/blocks')?.body).toBe('{"userId":"u-3"}'),
    );
  });
});

describe('Manage Subscriptions for a fan', () => {
  it('says a free trial is free, until when, and whether it renews', async () => {
    signInAs({ id: 'u-2' });
    const ending = buildFanSubscription({
      status: 'canceled',
      renews: false,
      trial: true,
      amount: { amount: 800, currency: 'USD' },
      canceledAt: '2026-03-01T10:00:00Z',
    });
    const renewing = buildFanSubscription({
      id: 's-2',
      creator: { id: 'c-2', userId: 'u-8', handle: 'omar', displayName: 'Omar Diaz', avatarUrl: null },
      trial: true,
      amount: { amount: 800, currency: 'USD' },
    });
    stubApi({
      'GET /api/creators/me': () =>
        json(200, { creator: null, counts: { liked: 0, purchased: 0, purchasedMessages: 0 } }),
      'GET /api/me/subscriptions': () => page([ending, renewing]),
    });
    renderTab();
    const list = await screen.findByRole('list', { name: 'Your subscriptions' });
    const [first, second] = within(list).getAllByRole('listitem') as HTMLElement[];
    expect(first?.textContent).toContain('Free trial');
    expect(first?.textContent).toContain('Free until 31 March 2026; it will not renew');
    expect(first?.textContent).not.toContain('Cancelled');
    expect(first?.textContent).not.toContain('$8.00');
    expect(second?.textContent).toContain('Free until 31 March 2026, then renews at $8.00');
  });

  it('lists their subscriptions and cancels one, keeping access to the period end', async () => {
    signInAs({ id: 'u-2' });
    const success = vi.spyOn(toast, 'success');
    let mine = [buildFanSubscription()];
    const requests = stubApi({
      'GET /api/creators/me': () =>
        json(200, { creator: null, counts: { liked: 0, purchased: 0, purchasedMessages: 0 } }),
      'GET /api/me/subscriptions': () => page(mine),
      'POST /api/me/subscriptions/s-1/cancel': () => {
        mine = [
          buildFanSubscription({ status: 'canceled', renews: false, canceledAt: '2026-03-05T10:00:00Z' }),
        ];
        return json(200, {
          message: 'Subscription cancelled. You keep access until the end of the period.',
          subscription: mine[0],
        });
      },
    });
    renderTab();
    const list = await screen.findByRole('list', { name: 'Your subscriptions' });
    expect(screen.queryByRole('heading', { name: 'Your subscribers' })).toBeNull();
    expect(within(list).getByRole('link', { name: 'Lena Park' }).getAttribute('href')).toBe(
      '/public-profile/lena',
    );
    expect(within(list).getByText('Renews on 31 March 2026')).toBeTruthy();

    await userEvent.click(within(list).getByRole('button', { name: 'Cancel subscription to Lena Park' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Cancel your subscription to Lena Park?',
    });
    expect(
      within(confirm).getByText(/You keep access to Lena Park's posts until 31 March 2026/),
    ).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        'Subscription cancelled. You keep access until the end of the period.',
      ),
    );
    expect(await within(list).findByText('Access until 31 March 2026; it will not renew')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: /Cancel subscription/ })).toBeNull();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });
});
