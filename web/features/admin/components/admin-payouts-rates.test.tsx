import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as AdminPayoutsPage } from '../../../app/routes/admin-payouts.tsx';
import { toast } from '../../../lib/toast.ts';
import { json } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { bodyOf, buildRates, buildReport, page, stubApi } from '../test/payouts-api.ts';

const renderPage = () =>
  renderRoutes([{ path: '/admin/payouts', Component: AdminPayoutsPage }], '/admin/payouts');

const otherSections = {
  'GET /api/admin/payouts': () => page([]),
  'GET /api/admin/payouts/reconcile': () => json(200, { transfersEnabled: true, report: buildReport() }),
};

const rowOf = async (currency: string) => {
  const table = await screen.findByRole('table', { name: /Exchange rates/ });
  const header = within(table).getByRole('rowheader', { name: new RegExp(`^${currency}`) });
  const row = header.closest('tr');
  if (!row) throw new Error(`No row for ${currency}`);
  return row;
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('exchange rates', () => {
  it('shows each rate and when it was set, and says in words which currencies are paused', async () => {
    signInAs({ role: 'admin' });
    stubApi({
      ...otherSections,
      'GET /api/admin/exchange-rates': () =>
        json(200, buildRates({ GHS: { rate: '15.4', setAt: '2026-03-08T09:00:00.000Z', stale: true } })),
    });
    renderPage();
    const naira = await rowOf('NGN');
    expect(within(naira).getByText('1550.25')).toBeTruthy();
    expect(within(naira).getByText('10 Mar 2026, 09:00')).toBeTruthy();
    expect(within(naira).getByText('In force')).toBeTruthy();

    const cedi = await rowOf('GHS');
    expect(within(cedi).getByText('15.4')).toBeTruthy();
    expect(within(cedi).getByText('Stale: payouts paused')).toBeTruthy();
    const rand = await rowOf('ZAR');
    expect(within(rand).getByText('Not set: payouts paused')).toBeTruthy();
    expect(within(rand).getByText('Never')).toBeTruthy();
    expect(screen.getByText(/older than 24 hours/)).toBeTruthy();
  });

  it('sets a new rate, and the table shows it', async () => {
    signInAs({ role: 'admin' });
    const success = vi.spyOn(toast, 'success');
    let rates = buildRates();
    const requests = stubApi({
      ...otherSections,
      'GET /api/admin/exchange-rates': () => json(200, rates),
      'PUT /api/admin/exchange-rates/KES': (request) => {
        rates = buildRates({
          KES: {
            rate: (bodyOf(request) as { rate: string }).rate,
            setAt: '2026-03-11T08:00:00.000Z',
            stale: false,
          },
        });
        return json(200, rates);
      },
    });
    renderPage();
    const form = within(await rowOf('KES')).getByRole('form', { name: 'Set the KES rate' });
    await userEvent.type(within(form).getByLabelText('New KES rate'), ' 129.125 ');
    await userEvent.click(within(form).getByRole('button', { name: 'Save the KES rate' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('The KES rate is now 129.125 per US$1'));
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.url).toBe('/api/admin/exchange-rates/KES');
    expect(bodyOf(put)).toEqual({ rate: '129.125' });
    const shilling = await rowOf('KES');
    expect(within(shilling).getByText('129.125')).toBeTruthy();
    expect(within(shilling).getByText('In force')).toBeTruthy();
    expect((within(shilling).getByLabelText('New KES rate') as HTMLInputElement).value).toBe('');
  });

  it('refuses a rate that is not a positive number with at most 6 decimals, and shows the server’s refusal', async () => {
    signInAs({ role: 'admin' });
    const requests = stubApi({
      ...otherSections,
      'GET /api/admin/exchange-rates': () => json(200, buildRates()),
      'PUT /api/admin/exchange-rates/NGN': () =>
        json(400, {
          message: 'The rate moved more than 20% from the last one; check it',
          code: 'BAD_REQUEST',
        }),
    });
    renderPage();
    const form = within(await rowOf('NGN')).getByRole('form', { name: 'Set the NGN rate' });
    const field = within(form).getByLabelText('New NGN rate');
    const save = within(form).getByRole('button', { name: 'Save the NGN rate' });
    const message = 'Enter the rate as a positive number with at most 6 decimals';

    for (const bad of ['1550.1234567', '0', '-3', '1,550']) {
      await userEvent.clear(field);
      await userEvent.type(field, bad);
      await userEvent.click(save);
      expect((await within(form).findByRole('alert')).textContent).toBe(message);
    }
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    await userEvent.clear(field);
    await userEvent.type(field, '3100');
    await userEvent.click(save);
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toBe(
        'The rate moved more than 20% from the last one; check it',
      ),
    );
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(bodyOf(requests.find((request) => request.method === 'PUT'))).toEqual({ rate: '3100' });
  });
});
