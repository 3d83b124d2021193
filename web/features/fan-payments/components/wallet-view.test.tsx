import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fanPaymentMessages } from '#common/schemas/fan-payments.ts';
import { Component as WalletPage } from '../../../app/routes/wallet.tsx';
import { toast } from '../../../lib/toast.ts';
import { json, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { buildProfile } from '../../creators/test/build-profile.ts';
import { buildPayoutDetail, buildQuote } from '../../payouts/test/payouts-api.ts';
import { buildWallet, stubApi } from '../test/fan-payments-api.ts';

const renderWallet = () => renderRoutes([{ path: '/wallet', Component: WalletPage }], '/wallet');

/** The value shown under a balance's label. */
const balance = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).parentElement?.querySelector('dd')?.textContent;

const posts = (requests: RecordedRequest[], path: string) =>
  requests.filter((request) => request.method === 'POST' && request.url === path);

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
  it('shows the balances from the ledger, the history, how payouts happen, and the way to the payout settings', async () => {
    signInAs({ id: 'u-9' });
    stubCreatorApi({ 'GET /api/wallet': () => json(200, buildWallet()) });
    renderWallet();
    expect(screen.getByRole('status', { name: 'Loading your wallet' })).toBeTruthy();
    const note = await screen.findByRole('note');
    expect(note.textContent).toBe(
      'You are paid when you ask: request a payout of your available balance here.',
    );
    expect(balance('Available')).toBe('$12.00');
    expect(balance('Pending')).toBe('$8.00');
    expect(balance('Paid out')).toBe('$4.00');
    expect(balance('Lifetime earnings')).toBe('$24.00');
    expect(screen.getByText('Next available on 8 March 2026')).toBeTruthy();
    expect(screen.getByText('Your share after the 20% platform fee')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Payout settings and history' }).getAttribute('href')).toBe(
      '/wallet/payouts',
    );
    const history = screen.getByRole('list', { name: 'Earnings history' });
    const [earning, payout] = within(history).getAllByRole('listitem') as HTMLElement[];
    expect(within(earning as HTMLElement).getByText('+$7.99')).toBeTruthy();
    expect(within(earning as HTMLElement).getByText(/Pending until 8 March 2099/)).toBeTruthy();
    expect(within(payout as HTMLElement).getByText('−$4.00')).toBeTruthy();
  });

  it('shows how payouts happen as a note, and no empty note', async () => {
    signInAs({ id: 'u-9' });
    let message: string = fanPaymentMessages.automaticPayouts;
    stubCreatorApi({ 'GET /api/wallet': () => json(200, buildWallet({ automaticPayoutsMessage: message })) });
    renderWallet();
    expect((await screen.findByRole('note')).textContent).toContain(
      'Payouts go to your bank account when you request them',
    );
    cleanup();
    message = '  ';
    renderWallet();
    expect(await screen.findByRole('button', { name: 'Request payout' })).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('reviews the amount with a quote, then confirms with one key for the dialog, also on a retry', async () => {
    signInAs({ id: 'u-9' });
    const success = vi.spyOn(toast, 'success');
    let wallet = buildWallet();
    let attempts = 0;
    const requests = stubCreatorApi({
      'GET /api/wallet': () => json(200, wallet),
      'POST /api/payouts/quote': (request) => {
        const { amountCents } = JSON.parse(request.body ?? '{}') as { amountCents: number };
        return json(
          200,
          buildQuote({
            amount: { amount: amountCents, currency: 'USD' },
            local: {
              amount: { amount: amountCents * 1550.25, currency: 'NGN' },
              rate: '1550.25',
              rateSetAt: '2026-03-10T08:00:00.000Z',
            },
          }),
        );
      },
      'POST /api/wallet/payouts': () => {
        attempts += 1;
        // The first answer is lost on the way back.
        if (attempts === 1) return json(502, { message: 'Bad gateway', code: 'BAD_GATEWAY' });
        const payout = buildPayoutDetail({
          amount: { amount: 1000, currency: 'USD' },
          status: 'requested',
          paidAt: null,
          initiatedAt: null,
        });
        wallet = buildWallet({
          available: { amount: 200, currency: 'USD' },
          inPayout: { amount: 1000, currency: 'USD' },
          openPayout: payout,
        });
        return json(201, { message: 'Payout requested. It is on its way to your account.', payout });
      },
    });
    renderWallet();
    await userEvent.click(await screen.findByRole('button', { name: 'Request payout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a payout' });
    const amount = within(dialog).getByLabelText('Amount (USD)') as HTMLInputElement;
    expect(amount.value).toBe('12');
    expect(within(dialog).getByText('Available to pay out: $12.00')).toBeTruthy();
    await userEvent.clear(amount);
    await userEvent.type(amount, '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    const summary = await within(dialog).findByRole('status');
    expect(summary.textContent).toMatch(
      /You receive ₦15,502\.50 at ₦1,550\.25 per \$1 \(rate set 10 Mar 2026, \d\d:\d\d\)/,
    );
    expect(summary.textContent).toMatch(/To Guaranty Trust Bank •••• 6789 \(ADA LOVELACE\)/);
    expect(JSON.parse(posts(requests, '/api/payouts/quote')[0]?.body ?? '{}')).toEqual({ amountCents: 1000 });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm payout of $10.00' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Bad gateway');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm payout of $10.00' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Payout requested. It is on its way to your account.'),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [first, retry] = posts(requests, '/api/wallet/payouts').map(
      (request) => JSON.parse(request.body ?? '{}') as { amountCents: number; idempotencyKey: string },
    );
    expect(first?.amountCents).toBe(1000);
    expect(first?.idempotencyKey).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(retry).toEqual(first);

    expect(
      await screen.findByText(/Your payout of \$10\.00, requested on 10 March 2026, is waiting to be sent/),
    ).toBeTruthy();
    expect(balance('In payout')).toBe('$10.00');
    expect(screen.getByRole('button', { name: 'Request payout' })).toHaveProperty('disabled', true);
    expect(screen.getByText('A payout is already on its way.')).toBeTruthy();
  });

  it('makes a new key when the dialog is opened again', async () => {
    signInAs({ id: 'u-9' });
    const requests = stubCreatorApi({
      'GET /api/wallet': () => json(200, buildWallet()),
      'POST /api/payouts/quote': () => json(200, buildQuote()),
      'POST /api/wallet/payouts': () => json(409, { message: 'You already have a payout in progress' }),
    });
    renderWallet();
    for (let time = 0; time < 2; time += 1) {
      await userEvent.click(await screen.findByRole('button', { name: 'Request payout' }));
      const dialog = await screen.findByRole('dialog', { name: 'Request a payout' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
      await userEvent.click(await within(dialog).findByRole('button', { name: 'Confirm payout of $12.00' }));
      expect((await within(dialog).findByRole('alert')).textContent).toBe(
        'You already have a payout in progress',
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
    const keys = posts(requests, '/api/wallet/payouts').map(
      (request) => (JSON.parse(request.body ?? '{}') as { idempotencyKey: string }).idempotencyKey,
    );
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('shows why an amount cannot be paid out, and says when an admin sends it by hand', async () => {
    signInAs({ id: 'u-9' });
    const requests = stubCreatorApi({
      'GET /api/wallet': () => json(200, buildWallet()),
      'POST /api/payouts/quote': (request) => {
        const { amountCents } = JSON.parse(request.body ?? '{}') as { amountCents: number };
        if (amountCents < 2000)
          return json(409, { message: 'The smallest payout is $20.00', code: 'CONFLICT' });
        return json(
          200,
          buildQuote({
            amount: { amount: amountCents, currency: 'USD' },
            method: 'manual',
            local: null,
            account: null,
          }),
        );
      },
    });
    renderWallet();
    await userEvent.click(await screen.findByRole('button', { name: 'Request payout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a payout' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The smallest payout is $20.00');
    expect(within(dialog).queryByRole('button', { name: /Confirm payout/ })).toBeNull();

    const amount = within(dialog).getByLabelText('Amount (USD)');
    await userEvent.clear(amount);
    await userEvent.type(amount, 'twenty');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Enter an amount in dollars, like 25 or 25.50',
    );
    expect(posts(requests, '/api/payouts/quote')).toHaveLength(1);

    await userEvent.clear(amount);
    await userEvent.type(amount, '25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect((await within(dialog).findByRole('status')).textContent).toMatch(/An admin sends it by hand/);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Confirm payout of $25.00' })).toBeTruthy();
    expect(posts(requests, '/api/wallet/payouts')).toHaveLength(0);
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
