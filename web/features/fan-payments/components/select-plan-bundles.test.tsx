import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreatorPlanOption } from '#common/schemas/fan-payments.ts';
import { Component as PublicProfilePage } from '../../../app/routes/public-profile.tsx';
import { json } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { buildProfile } from '../../creators/test/build-profile.ts';
import { plansFromProfile } from '../plans.ts';
import { page, plans, stubApi } from '../test/fan-payments-api.ts';

const usd = (amount: number) => ({ amount, currency: 'USD' });
const features = ['All videos', 'All media', 'Access to all posts'];

/** The server's list for a $9.99 creator offering 3 months at 15% off and 12 months at 33% off. */
const bundled: CreatorPlanOption[] = [
  plans[0] as CreatorPlanOption,
  {
    id: 'three_months',
    name: '3 Months',
    price: usd(2547),
    months: 3,
    badge: 'Save 15%',
    savingPercent: 15,
    features,
  },
  plans[1] as CreatorPlanOption,
  {
    id: 'twelve_months',
    name: '12 Months',
    price: usd(8031),
    months: 12,
    badge: 'Save 33%',
    savingPercent: 33,
    features,
  },
];

const renderProfile = () =>
  renderRoutes([{ path: '/public-profile/:id', Component: PublicProfilePage }], '/public-profile/lena');

function profileApi(list: CreatorPlanOption[], subscribe?: () => Response) {
  return stubApi({
    'GET /api/creators/lena': () => json(200, buildProfile()),
    'GET /api/creators/lena/posts': () => page([]),
    'GET /api/creators/lena/subscription': () =>
      json(200, { plans: list, subscription: null, canSubscribe: true, reason: null }),
    ...(subscribe ? { 'POST /api/creators/lena/subscribe': subscribe } : {}),
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('the Select plan dialog with bundles', () => {
  it('shows every offered plan with its price and saving, and the banner lists the bundles', async () => {
    signInAs({ id: 'u-2' });
    profileApi(bundled);
    renderProfile();
    const bundles = await screen.findByRole('list', { name: 'Bundles' });
    await waitFor(() =>
      expect(
        within(bundles)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['3 Months $25.47 · Save 15%', '6 Months $47.95 · Save 20%', '12 Months $80.31 · Save 33%']),
    );
    await userEvent.click(screen.getByRole('button', { name: /Subscribe Now.*\$9\.99\/month/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Select plan' });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('aria-label')),
    ).toEqual([
      'Monthly, $9.99/month',
      '3 Months, $25.47/3 months',
      '6 Months, $47.95/6 months',
      '12 Months, $80.31/12 months',
    ]);
    const badge = (name: RegExp) => within(within(dialog).getByRole('radio', { name })).queryByText(/^Save/);
    expect(badge(/^Monthly/)).toBeNull();
    expect(badge(/^3 Months/)?.textContent).toBe('Save 15%');
    expect(badge(/^6 Months/)?.textContent).toBe('Save 20%');
    expect(badge(/^12 Months/)?.textContent).toBe('Save 33%');
  });

  it('chooses a bundle with the keyboard and pays its whole price at once', async () => {
    signInAs({ id: 'u-2' });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const requests = profileApi(bundled, () =>
      json(200, {
        authorization_url: '/api/payments/sandbox/checkout/ref-12',
        reference: 'ref-12',
        amount: usd(8031),
      }),
    );
    renderProfile();
    await screen.findByRole('list', { name: 'Bundles' });
    await userEvent.click(screen.getByRole('button', { name: /Subscribe Now/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Select plan' });
    const monthly = within(dialog).getByRole('radio', { name: 'Monthly, $9.99/month' });
    monthly.focus();
    // An arrow key held down moves to the next plan and chooses it (Radix checks it as focus arrives).
    const arrowTo = async (name: string) => {
      await userEvent.keyboard('{ArrowDown>}');
      const radio = within(dialog).getByRole('radio', { name });
      await waitFor(() => expect(radio.getAttribute('aria-checked')).toBe('true'));
      await userEvent.keyboard('{/ArrowDown}');
      expect(document.activeElement).toBe(radio);
    };
    await arrowTo('3 Months, $25.47/3 months');
    expect(within(dialog).getByText(/Charged \$25\.47 now for 3 months/)).toBeTruthy();
    await arrowTo('6 Months, $47.95/6 months');
    await arrowTo('12 Months, $80.31/12 months');
    expect(
      within(dialog).getByText(/Charged \$80\.31 now for 12 months, then again every 12 months/),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Subscribe for $80.31' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payments/sandbox/checkout/ref-12'));
    const subscribe = requests.find((request) => request.method === 'POST');
    expect(JSON.parse(subscribe?.body ?? '{}')).toEqual({
      plan: 'twelve_months',
      returnTo: '/public-profile/lena',
      // No card saved: the checkout page.
      payWith: 'checkout',
    });
  });

  it('before the server answers, prices the bundles the profile offers by the same rule', () => {
    const profile = buildProfile({
      bundles: { threeMonthDiscountPercent: 15, twelveMonthDiscountPercent: null },
    });
    expect(
      plansFromProfile(profile.price, profile.bundles).map((plan) => [
        plan.id,
        plan.price.amount,
        plan.badge,
      ]),
    ).toEqual([
      ['monthly', 999, null],
      ['three_months', 2547, 'Save 15%'],
      ['six_months', 4795, 'Save 20%'],
    ]);
    expect(plansFromProfile(profile.price).map((plan) => plan.id)).toEqual(['monthly', 'six_months']);
  });
});
