import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as AdminPayoutsPage } from '../../../app/routes/admin-payouts.tsx';
import { json } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { buildRates, buildReport, page, stubApi } from '../test/payouts-api.ts';

const renderPage = () =>
  renderRoutes([{ path: '/admin/payouts', Component: AdminPayoutsPage }], '/admin/payouts');

const otherSections = {
  'GET /api/admin/payouts': () => page([]),
  'GET /api/admin/exchange-rates': () => json(200, buildRates()),
};

const section = () => screen.findByRole('region', { name: 'Reconciliation' });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('reconciliation', () => {
  it('shows the latest result: when it ran, the period, what was compared, and no differences', async () => {
    signInAs({ role: 'admin' });
    stubApi({
      ...otherSections,
      'GET /api/admin/payouts/reconcile': () => json(200, { transfersEnabled: true, report: buildReport() }),
    });
    renderPage();
    const region = await section();
    expect(await within(region).findByText('No differences')).toBeTruthy();
    expect(within(region).getByText('11 Mar 2026, 02:00')).toBeTruthy();
    expect(within(region).getByText('10 Mar 2026, 00:00 to 11 Mar 2026, 00:00')).toBeTruthy();
    expect(within(region).getByText('3 transfer payouts')).toBeTruthy();
    expect(within(region).getByText('₦50,000.00 held, ₦18,603.00 due')).toBeTruthy();
    expect(within(region).queryByText(/Short/)).toBeNull();
  });

  it('runs now, disabled while running, then lists the differences and a short balance', async () => {
    signInAs({ role: 'admin' });
    let finish: (response: Response) => void = () => {};
    const requests = stubApi({
      ...otherSections,
      'GET /api/admin/payouts/reconcile': () => json(200, { transfersEnabled: true, report: null }),
      'POST /api/admin/payouts/reconcile': () =>
        new Promise<Response>((resolve) => {
          finish = resolve;
        }),
    });
    renderPage();
    const region = await section();
    expect(await within(region).findByText(/Not run yet/)).toBeTruthy();

    await userEvent.click(within(region).getByRole('button', { name: 'Run now' }));
    const running = await within(region).findByRole('button', { name: 'Running…' });
    expect((running as HTMLButtonElement).disabled).toBe(true);
    finish(
      json(200, {
        transfersEnabled: true,
        report: buildReport({
          compared: 2,
          differences: [
            {
              kind: 'status',
              reference: 'payout_0002',
              detail: 'Ours is pending, the provider says success',
            },
            {
              kind: 'unknown_to_us',
              reference: 'trf_elsewhere',
              detail: 'The provider has a transfer of ₦5,000.00 (success) that is none of our payouts',
            },
          ],
          balances: [
            {
              currency: 'GHS',
              balance: { amount: 1000, currency: 'GHS' },
              due: { amount: 25_000, currency: 'GHS' },
              short: true,
            },
          ],
        }),
      }),
    );

    const differences = await within(region).findByRole('list', { name: 'Differences' });
    const items = within(differences).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Status differs: payout_0002Ours is pending, the provider says success',
      'Not one of our payouts: trf_elsewhereThe provider has a transfer of ₦5,000.00 (success) that is none of our payouts',
    ]);
    expect(within(region).queryByText('No differences')).toBeNull();
    const balances = within(region).getByRole('list', { name: 'Balances' });
    expect(within(balances).getByText('Short: top up the Paystack balance')).toBeTruthy();
    await waitFor(() =>
      expect((within(region).getByRole('button', { name: 'Run now' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('says payouts are sent by hand only when this server has no transfers', async () => {
    signInAs({ role: 'admin' });
    stubApi({
      ...otherSections,
      'GET /api/admin/payouts/reconcile': () => json(200, { transfersEnabled: false, report: null }),
    });
    renderPage();
    const region = await section();
    expect(
      await within(region).findByText(
        'Payouts are sent by hand only on this server: there are no bank transfers to compare.',
      ),
    ).toBeTruthy();
    expect(within(region).queryByRole('button', { name: 'Run now' })).toBeNull();
  });
});
