import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminPayoutDetail } from '#common/schemas/payouts.ts';
import { Component as AdminPayoutsPage } from '../../../app/routes/admin-payouts.tsx';
import { toast } from '../../../lib/toast.ts';
import type { RecordedRequest } from '../../../test/fetch-stub.ts';
import { json } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import {
  bodyOf,
  buildPayout,
  buildTransfer,
  page,
  paramsOf,
  quietSections,
  stubApi,
} from '../test/payouts-api.ts';

const renderPage = (path = '/admin/payouts') =>
  renderRoutes([{ path: '/admin/payouts', Component: AdminPayoutsPage }], path);

const listRequests = (requests: RecordedRequest[]) =>
  requests.filter(
    (request) =>
      request.method === 'GET' && new URL(request.url, 'http://x').pathname === '/api/admin/payouts',
  );

const payoutCard = (name: string) => screen.findByRole('article', { name });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('admin payouts list', () => {
  it('is for admins only, without asking the server', () => {
    signInAs({ role: 'user' });
    const requests = stubApi({});
    renderPage();
    expect(screen.getByRole('heading', { name: 'You need to be an admin' })).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('shows each payout: creator, amounts, method, status in words, provider codes, failure and dates', async () => {
    signInAs({ role: 'admin' });
    const requests = stubApi({
      ...quietSections,
      'GET /api/admin/payouts': () =>
        page([
          buildPayout(),
          buildTransfer(),
          buildTransfer({
            id: 'po-3',
            reference: 'payout_0003',
            status: 'failed',
            failureReason: 'Account number is invalid',
            returnedAt: '2026-03-10T11:00:00.000Z',
            creator: {
              id: 'c-3',
              userId: 'u-7',
              handle: 'ama',
              displayName: 'Ama Owusu',
              email: 'ama@example.com',
            },
          }),
        ]),
    });
    renderPage();

    const manual = await payoutCard('$12.00 to Lena Park');
    expect(within(manual).getByText('lena@example.com', { exact: false })).toBeTruthy();
    expect(within(manual).getByRole('link', { name: '@lena' }).getAttribute('href')).toBe(
      '/public-profile/lena',
    );
    expect(within(manual).getByText('To send by hand')).toBeTruthy();
    expect(within(manual).getByText('By hand, asked by the creator')).toBeTruthy();
    expect(within(manual).getByRole('button', { name: 'Mark paid for Lena Park' })).toBeTruthy();
    // A payout by hand has nothing at Paystack to check or confirm.
    expect(within(manual).queryByRole('button', { name: /Check now|Enter OTP/ })).toBeNull();

    const transfer = screen.getByRole('article', { name: '$12.00 to Tunde Bello' });
    expect(within(transfer).getByText('On its way')).toBeTruthy();
    expect(within(transfer).getByText(/₦18,603\.00 to the account/)).toBeTruthy();
    expect(within(transfer).getByText('at 1550.25 NGN per US$1')).toBeTruthy();
    expect(within(transfer).getByText('₦10.00')).toBeTruthy();
    expect(within(transfer).getByText('Guaranty Trust Bank, ending 6789')).toBeTruthy();
    expect(within(transfer).getByText('payout_0002')).toBeTruthy();
    expect(within(transfer).getByText('TRF_abc123')).toBeTruthy();
    expect(within(transfer).getByText('10 March 2026 at 10:05', { exact: false })).toBeTruthy();
    expect(within(transfer).getByText('Expected by').nextElementSibling?.textContent).toBe(
      '11 March 2026 at 10:05',
    );
    expect(within(transfer).queryByRole('button', { name: /Mark paid/ })).toBeNull();

    const failed = screen.getByRole('article', { name: '$12.00 to Ama Owusu' });
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByText('Account number is invalid')).toBeTruthy();
    expect(within(failed).queryByRole('button')).toBeNull();

    expect(paramsOf(listRequests(requests)[0])).toEqual({ limit: '20' });
  });

  it('filters by status in the URL; "On its way" lists sending and pending payouts', async () => {
    signInAs({ role: 'admin' });
    const requests = stubApi({
      ...quietSections,
      'GET /api/admin/payouts': (request) => {
        const status = paramsOf(request).status;
        if (status === 'sending') return page([buildTransfer({ id: 'po-5', status: 'sending' })]);
        if (status === 'pending') return page([buildTransfer()]);
        if (status === 'paid') return page([buildPayout({ status: 'paid', note: 'bank #4471' })]);
        if (status === 'reversed') return page([]);
        return page([buildPayout()]);
      },
    });
    const { router } = renderPage('/admin/payouts?status=paid');
    const paid = await payoutCard('$12.00 to Lena Park');
    expect(within(paid).getByText('bank #4471')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Paid' }).getAttribute('aria-checked')).toBe('true');
    expect(paramsOf(listRequests(requests)[0])).toEqual({ status: 'paid', limit: '20' });

    await userEvent.click(screen.getByRole('radio', { name: 'On its way' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=on-its-way'));
    const list = await screen.findByRole('list', { name: 'Payouts' });
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(2));
    expect(within(list).getByText('Sending')).toBeTruthy();
    expect(within(list).getByText('On its way')).toBeTruthy();
    expect(
      listRequests(requests)
        .slice(1)
        .map((request) => paramsOf(request).status),
    ).toEqual(['sending', 'pending']);

    await userEvent.click(screen.getByRole('radio', { name: 'Returned' }));
    await waitFor(() => expect(paramsOf(listRequests(requests).at(-1)).status).toBe('reversed'));
    expect(await screen.findByRole('heading', { name: 'No returned payouts' })).toBeTruthy();
  });

  it('loads more with the next cursor', async () => {
    signInAs({ role: 'admin' });
    const requests = stubApi({
      ...quietSections,
      'GET /api/admin/payouts': (request) =>
        paramsOf(request).cursor === 'next-1' ? page([buildTransfer()]) : page([buildPayout()], 'next-1'),
    });
    renderPage();
    await payoutCard('$12.00 to Lena Park');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await payoutCard('$12.00 to Tunde Bello')).toBeTruthy();
    expect(paramsOf(listRequests(requests)[1])).toEqual({ limit: '20', cursor: 'next-1' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when there is nothing, and when the list could not be loaded', async () => {
    signInAs({ role: 'admin' });
    let fail = true;
    stubApi({
      ...quietSections,
      'GET /api/admin/payouts': () =>
        fail
          ? json(429, { message: 'Too many requests. Please wait a moment.', code: 'RATE_LIMITED' })
          : page([]),
    });
    renderPage();
    expect(await screen.findByText('Too many requests. Please wait a moment.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No payouts yet' })).toBeTruthy();
  });
});

describe('admin payout actions', () => {
  it('marks a payout by hand paid with the transfer reference', async () => {
    signInAs({ role: 'admin' });
    const success = vi.spyOn(toast, 'success');
    let payout: AdminPayoutDetail = buildPayout();
    const requests = stubApi({
      ...quietSections,
      'GET /api/admin/payouts': () => page([payout]),
      'POST /api/admin/payouts/po-1/paid': () => {
        payout = { ...payout, status: 'paid', paidAt: '2026-03-11T10:00:00.000Z', note: 'transfer #4471' };
        return json(200, { message: 'Payout marked as paid', payout });
      },
    });
    renderPage();
    const card = await payoutCard('$12.00 to Lena Park');
    await userEvent.click(within(card).getByRole('button', { name: 'Mark paid for Lena Park' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark $12.00 to Lena Park as paid?' });
    await userEvent.type(within(dialog).getByLabelText('Transfer reference (optional)'), 'transfer #4471');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Payout marked as paid'));
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.url).toBe('/api/admin/payouts/po-1/paid');
    expect(bodyOf(post)).toEqual({ note: 'transfer #4471' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(card).findByText('Paid')).toBeTruthy();
    expect(within(card).getByText('transfer #4471')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /Mark paid/ })).toBeNull();
  });

  it('sends the OTP of a transfer waiting for one, showing Paystack’s words when it is wrong', async () => {
    signInAs({ role: 'admin' });
    const success = vi.spyOn(toast, 'success');
    let payout = buildTransfer({ status: 'otp' });
    const requests = stubApi({
      ...quietSections,
      'GET /api/admin/payouts': () => page([payout]),
      'POST /api/admin/payouts/po-2/otp': (request) => {
        if ((bodyOf(request) as { otp: string }).otp !== '123456')
          return json(400, { message: 'Transfer OTP is invalid', code: 'BAD_REQUEST' });
        payout = { ...payout, status: 'pending' };
        return json(200, { message: 'The transfer is on its way', payout });
      },
    });
    renderPage();
    const card = await payoutCard('$12.00 to Tunde Bello');
    expect(within(card).getByText('Waiting for OTP')).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Enter OTP for Tunde Bello' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter the OTP for Tunde Bello’s payout' });
    expect(
      within(dialog).getByText(
        'Automatic payouts need OTP turned off in the Paystack dashboard (Settings > Preferences > Transfers).',
      ),
    ).toBeTruthy();
    const field = within(dialog).getByLabelText('OTP');

    // Not digits: refused before asking the server.
    await userEvent.type(field, '12ab');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send OTP' }));
    expect(await within(dialog).findByText('Enter the OTP the provider sent: 4 to 8 digits')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await userEvent.clear(field);
    await userEvent.type(field, '999999');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send OTP' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Transfer OTP is invalid');
    expect(field.getAttribute('aria-invalid')).toBe('true');

    await userEvent.clear(field);
    await userEvent.type(field, '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send OTP' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('The transfer is on its way'));
    expect(requests.filter((request) => request.method === 'POST').map(bodyOf)).toEqual([
      { otp: '999999' },
      { otp: '123456' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(card).findByText('On its way')).toBeTruthy();
  });

  it('checks a transfer with Paystack now', async () => {
    signInAs({ role: 'admin' });
    const success = vi.spyOn(toast, 'success');
    let payout = buildTransfer();
    const requests = stubApi({
      ...quietSections,
      'GET /api/admin/payouts': () => page([payout]),
      'POST /api/admin/payouts/po-2/verify': () => {
        payout = {
          ...payout,
          status: 'paid',
          paidAt: '2026-03-10T12:00:00.000Z',
          lastVerifiedAt: '2026-03-10T12:00:00.000Z',
        };
        return json(200, { message: 'Paystack says the transfer was paid', payout });
      },
    });
    renderPage();
    const card = await payoutCard('$12.00 to Tunde Bello');
    await userEvent.click(within(card).getByRole('button', { name: 'Check now for Tunde Bello' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Paystack says the transfer was paid'));
    expect(requests.find((request) => request.method === 'POST')?.url).toBe('/api/admin/payouts/po-2/verify');
    expect(await within(card).findByText('Paid')).toBeTruthy();
    expect(within(card).getByText('Last checked')).toBeTruthy();
  });
});
