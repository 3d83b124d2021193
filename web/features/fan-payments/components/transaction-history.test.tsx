import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as SettingsPage } from '../../../app/routes/settings.tsx';
import { toast } from '../../../lib/toast.ts';
import { json, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { buildTransaction, page, paramsOf, stubApi } from '../test/fan-payments-api.ts';

const payment = buildTransaction();
const earning = buildTransaction({
  id: 't-2',
  kind: 'earning',
  transactionId: 'fpm-def456',
  name: 'Kofi Mensah',
  handle: null,
  amount: { amount: 400, currency: 'USD' },
  direction: 'credit',
  status: 'pending',
  description: 'Kofi Mensah subscribed to you (Monthly)',
  date: '2026-03-05T10:00:00.000Z',
});

const renderTab = () =>
  renderRoutes([{ path: '/settings', Component: SettingsPage }], '/settings?tab=payments');

function transactionsApi(list: (request: RecordedRequest) => Response, extra = {}) {
  return stubApi({
    'GET /api/creators/me': () =>
      json(200, { creator: null, counts: { liked: 0, purchased: 0, purchasedMessages: 0 } }),
    'GET /api/me/transactions': list,
    ...extra,
  });
}

const lastList = (requests: RecordedRequest[]) =>
  paramsOf(requests.filter((request) => request.url.startsWith('/api/me/transactions?')).at(-1));

async function openRowMenu(reference: string, item: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for transaction ${reference}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
  return screen.findByRole('dialog');
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('Transaction History', () => {
  it('lists payments and earnings with name and @handle, signed amount, status and date', async () => {
    signInAs({ id: 'u-2' });
    transactionsApi(() => page([earning, payment]));
    renderTab();
    const list = await screen.findByRole('list', { name: 'Transactions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('Kofi Mensah')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Lena Park (@lena)')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('+$4.00')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getAllByText('Pending').length).toBeGreaterThan(0);
    expect(within(rows[1] as HTMLElement).getByText('−$9.99')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getAllByText('1 Mar 2026').length).toBeGreaterThan(0);
  });

  it('filters by search, status and an applied date range; Clear Filters shows only when filtered', async () => {
    signInAs({ id: 'u-2' });
    // Unfiltered, the payment; with any filter, the earning.
    const requests = transactionsApi((request) =>
      page(Object.keys(paramsOf(request)).length > 1 ? [earning] : [payment]),
    );
    renderTab();
    await screen.findByRole('list', { name: 'Transactions' });
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).toBeNull();
    expect(lastList(requests)).toEqual({ limit: '20' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search transactions' }), 'kofi');
    await waitFor(() => expect(lastList(requests)).toEqual({ q: 'kofi', limit: '20' }));
    expect(screen.getByRole('button', { name: 'Clear Filters' })).toBeTruthy();

    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All Statuses', 'Completed', 'Pending', 'Failed']);
    await userEvent.selectOptions(status, 'failed');
    await waitFor(() => expect(lastList(requests)).toEqual({ q: 'kofi', status: 'failed', limit: '20' }));

    // The range waits for Apply; the typed dates alone change nothing.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    expect(lastList(requests)).toEqual({ q: 'kofi', status: 'failed', limit: '20' });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(lastList(requests)).toEqual({
        q: 'kofi',
        status: 'failed',
        from: '2026-03-01',
        to: '2026-03-31',
        limit: '20',
      }),
    );

    await screen.findByText('Kofi Mensah');
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(await screen.findByText('Lena Park (@lena)')).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search transactions' })).toHaveProperty('value', '');
    expect(screen.getByLabelText('From')).toHaveProperty('value', '');
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).toBeNull();
  });

  it('refuses a range that ends before it starts', async () => {
    signInAs({ id: 'u-2' });
    const requests = transactionsApi(() => page([payment]));
    renderTab();
    await screen.findByRole('list', { name: 'Transactions' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toBe('The start date must be on or before the end date');
    expect(screen.getByLabelText('From').getAttribute('aria-invalid')).toBe('true');
    expect(lastList(requests)).toEqual({ limit: '20' });
  });

  it('says when nothing matches, and when there is nothing yet', async () => {
    signInAs({ id: 'u-2' });
    transactionsApi(() => page([]));
    renderTab();
    expect(await screen.findByRole('heading', { name: 'No transactions yet' })).toBeTruthy();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'completed');
    expect(await screen.findByRole('heading', { name: 'No matches' })).toBeTruthy();
  });

  it('shows the details with the fee breakdown', async () => {
    signInAs({ id: 'u-2' });
    transactionsApi(() => page([earning]), {
      'GET /api/me/transactions/t-2': () =>
        json(200, {
          ...earning,
          breakdown: {
            gross: { amount: 500, currency: 'USD' },
            platformFee: { amount: 100, currency: 'USD' },
            creatorEarning: { amount: 400, currency: 'USD' },
          },
          refunded: null,
        }),
    });
    renderTab();
    const dialog = await openRowMenu('fpm-def456', 'View Details');
    expect(within(dialog).getByRole('heading', { name: 'Transaction details' })).toBeTruthy();
    expect(within(dialog).getByText('t-2')).toBeTruthy();
    expect(within(dialog).getByText('fpm-def456')).toBeTruthy();
    expect(within(dialog).getByText('Card •••• 4081')).toBeTruthy();
    expect(within(dialog).getByText('5 March 2026 at 10:00', { exact: false })).toBeTruthy();
    expect(within(dialog).getByText('Pending')).toBeTruthy();
    expect(await within(dialog).findByText('$1.00')).toBeTruthy();
    expect(within(dialog).getByText('Platform fee')).toBeTruthy();
  });

  it('deletes a row after the confirm, and Cancel keeps it', async () => {
    signInAs({ id: 'u-2' });
    const success = vi.spyOn(toast, 'success');
    let rows = [earning, payment];
    const requests = transactionsApi(() => page(rows), {
      'DELETE /api/me/transactions/t-1': () => {
        rows = [earning];
        return new Response(null, { status: 204 });
      },
    });
    renderTab();
    let dialog = await openRowMenu('fpm-abc123', 'Delete');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    dialog = await openRowMenu('fpm-abc123', 'Delete');
    expect(within(dialog).getByText(/Your payment records and balances are kept/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Transaction deleted'));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Transactions' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
  });
});
