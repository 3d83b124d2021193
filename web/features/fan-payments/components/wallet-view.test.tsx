import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Payout } from '#common/schemas/fan-payments.ts';
import { Component as WalletPage } from '../../../app/routes/wallet.tsx';
import { toast } from '../../../lib/toast.ts';
import { json } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { buildProfile } from '../../creators/test/build-profile.ts';
import { buildWallet, stubApi } from '../test/fan-payments-api.ts';

const renderWallet = () => renderRoutes([{ path: '/wallet', Component: WalletPage }], '/wallet');

/** The value shown under a balance's label. */
const balance = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).parentElement?.querySelector('dd')?.textContent;

/** The wallet page asks who the viewer is first: a creator here, unless a test says otherwise. */
const stubCreatorApi = (handlers: Parameters<typeof stubApi>[0]) =>
  stubApi({
    'GET /api/creators/me': () =>
      json(200, {
        creator: buildProfile({ viewer: { isOwner: true, isFollowing: false } }),
        counts: { liked: 0, purchased: 0, purchasedMessages: 0 },
      }),
    ...handlers,
  });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('wallet', () => {
  it('shows the balances from the ledger, the history, and that automatic payouts are coming', async () => {
    signInAs({ id: 'u-9' });
    stubCreatorApi({ 'GET /api/wallet': () => json(200, buildWallet()) });
    renderWallet();
    expect(screen.getByRole('status', { name: 'Loading your wallet' })).toBeTruthy();
    const note = await screen.findByRole('note');
    expect(note.textContent).toMatch(/^Automatic payouts are coming soon/);
    expect(balance('Available')).toBe('$12.00');
    expect(balance('Pending')).toBe('$8.00');
    expect(balance('Paid out')).toBe('$4.00');
    expect(balance('Lifetime earnings')).toBe('$24.00');
    expect(screen.getByText('Next available on 8 March 2026')).toBeTruthy();
    expect(screen.getByText('Your share after the 20% platform fee')).toBeTruthy();
    const history = screen.getByRole('list', { name: 'Earnings history' });
    const [earning, payout] = within(history).getAllByRole('listitem') as HTMLElement[];
    expect(within(earning as HTMLElement).getByText('+$7.99')).toBeTruthy();
    expect(within(earning as HTMLElement).getByText(/Pending until 8 March 2099/)).toBeTruthy();
    expect(within(payout as HTMLElement).getByText('−$4.00')).toBeTruthy();
  });

  it('requests a payout of the available balance after a confirm', async () => {
    signInAs({ id: 'u-9' });
    const success = vi.spyOn(toast, 'success');
    let wallet = buildWallet();
    const requests = stubCreatorApi({
      'GET /api/wallet': () => json(200, wallet),
      'POST /api/wallet/payouts': () => {
        const payout: Payout = {
          id: 'po-1',
          amount: { amount: 1200, currency: 'USD' },
          status: 'requested',
          requestedAt: '2026-03-10T10:00:00.000Z',
          paidAt: null,
          note: null,
        };
        wallet = buildWallet({
          available: { amount: 0, currency: 'USD' },
          inPayout: { amount: 1200, currency: 'USD' },
          openPayout: payout,
        });
        return json(201, { message: 'Payout requested. An admin will send it soon.', payout });
      },
    });
    renderWallet();
    await userEvent.click(await screen.findByRole('button', { name: 'Request payout' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Request a payout of $12.00?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Request payout' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Payout requested. An admin will send it soon.'),
    );
    expect(await screen.findByText(/Your payout of \$12\.00, requested on 10 March 2026/)).toBeTruthy();
    expect(balance('In payout')).toBe('$12.00');
    expect(screen.getByRole('button', { name: 'Request payout' })).toHaveProperty('disabled', true);
    expect(screen.getByText('A payout is already on its way.')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('cannot request a payout with nothing available', async () => {
    signInAs({ id: 'u-9' });
    stubCreatorApi({
      'GET /api/wallet': () =>
        json(
          200,
          buildWallet({
            available: { amount: 0, currency: 'USD' },
            history: { items: [], nextCursor: null },
          }),
        ),
    });
    renderWallet();
    expect(await screen.findByRole('button', { name: 'Request payout' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Nothing is available to pay out yet.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'No earnings yet' })).toBeTruthy();
  });

  it('loads more history on request', async () => {
    signInAs({ id: 'u-9' });
    const wallet = buildWallet();
    const requests = stubCreatorApi({
      'GET /api/wallet': () => json(200, { ...wallet, history: { ...wallet.history, nextCursor: 'c-2' } }),
      'GET /api/wallet/history': () =>
        json(200, {
          items: [
            {
              id: 'w-3',
              kind: 'refund',
              description: 'Refund to Ama Owusu',
              amount: { amount: -250, currency: 'USD' },
              availableAt: null,
              createdAt: '2026-02-10T10:00:00.000Z',
            },
          ],
          nextCursor: null,
        }),
    });
    renderWallet();
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Refund to Ama Owusu')).toBeTruthy();
    expect(requests.at(-1)?.url).toBe('/api/wallet/history?cursor=c-2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('invites someone who is not a creator to become one without asking for a wallet they cannot have, and asks visitors to sign in', async () => {
    signInAs({ id: 'u-2' });
    const requests = stubApi({
      'GET /api/creators/me': () =>
        json(200, { creator: null, counts: { liked: 0, purchased: 0, purchasedMessages: 0 } }),
      'GET /api/wallet': () => json(403, { message: 'Become a creator first', code: 'FORBIDDEN' }),
    });
    renderWallet();
    expect(
      await screen.findByRole('heading', { name: 'Your wallet opens when you become a creator' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Become a Creator' }).getAttribute('href')).toBe('/creator');
    expect(requests.map((request) => request.url)).toEqual(['/api/creators/me']);
    cleanup();
    signOutForTest();
    renderWallet();
    expect(screen.getByRole('heading', { name: 'Sign in to continue' })).toBeTruthy();
  });
});
