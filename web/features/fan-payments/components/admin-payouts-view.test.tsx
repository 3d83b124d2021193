import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as AdminPayoutsPage } from '../../../app/routes/admin-payouts.tsx';
import { toast } from '../../../lib/toast.ts';
import { json } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { buildAdminPayout, page, paramsOf, stubApi } from '../test/fan-payments-api.ts';

const renderPage = (path = '/admin/payouts') =>
  renderRoutes([{ path: '/admin/payouts', Component: AdminPayoutsPage }], path);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('admin payouts', () => {
  it('lists requested payouts and marks one paid with the transfer reference', async () => {
    signInAs({ id: 'u-1', role: 'admin' });
    const success = vi.spyOn(toast, 'success');
    let payout = buildAdminPayout();
    const requests = stubApi({
      'GET /api/admin/payouts': () => page(payout.status === 'requested' ? [payout] : []),
      'POST /api/admin/payouts/po-1/paid': () => {
        payout = { ...payout, status: 'paid', paidAt: '2026-03-11T10:00:00.000Z', note: 'transfer #4471' };
        return json(200, { message: 'Payout marked as paid', payout });
      },
    });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Payouts' });
    expect(within(list).getByText('lena@example.com', { exact: false })).toBeTruthy();
    expect(within(list).getByText('$12.00')).toBeTruthy();
    expect(paramsOf(requests[0])).toEqual({ status: 'requested', limit: '20' });

    await userEvent.click(within(list).getByRole('button', { name: 'Mark paid for Lena Park' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark $12.00 to Lena Park as paid?' });
    await userEvent.type(within(dialog).getByLabelText('Transfer reference (optional)'), 'transfer #4471');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Payout marked as paid'));
    const post = requests.find((request) => request.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ note: 'transfer #4471' });
    expect(await screen.findByRole('heading', { name: 'No payouts waiting' })).toBeTruthy();
  });

  it('shows paid payouts with their note on the Paid filter', async () => {
    signInAs({ id: 'u-1', role: 'admin' });
    const requests = stubApi({
      'GET /api/admin/payouts': () =>
        page([
          buildAdminPayout({ status: 'paid', paidAt: '2026-03-11T10:00:00.000Z', note: 'transfer #4471' }),
        ]),
    });
    const { router } = renderPage();
    await screen.findByRole('list', { name: 'Payouts' });
    await userEvent.click(screen.getByRole('radio', { name: 'Paid' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=paid'));
    expect(await screen.findByText('Note: transfer #4471')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Mark paid/ })).toBeNull();
    expect(paramsOf(requests.at(-1))).toEqual({ status: 'paid', limit: '20' });
  });

  it('is only for admins', async () => {
    signInAs({ id: 'u-2' });
    const requests = stubApi({});
    renderPage();
    expect(screen.getByRole('heading', { name: 'You need to be an admin' })).toBeTruthy();
    expect(requests).toHaveLength(0);
  });
});
