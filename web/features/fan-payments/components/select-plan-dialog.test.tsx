import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { plans } from '../test/fan-payments-api.ts';
import { SelectPlanDialog } from './select-plan-dialog.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  signOutForTest();
});

describe('Select plan with a promotion from an offer link', () => {
  it('shows each plan at its first-period price and sends the code with the chosen plan', async () => {
    signInAs();
    const requests = stubFetch(() =>
      json(200, {
        authorization_url: '/api/payments/sandbox/checkout/ref-7',
        reference: 'ref-7',
        amount: { amount: 600, currency: 'USD' },
      }),
    );
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const monthly = plans.find((plan) => plan.id === 'monthly');
    if (!monthly) throw new Error('no monthly plan in the fixture');
    renderRoutes(
      [
        {
          path: '/public-profile/:id',
          element: (
            <SelectPlanDialog
              open
              onOpenChange={() => undefined}
              handle="tova"
              displayName="Tova"
              plans={plans}
              promotion={{ code: 'promo1', discountPercent: 40 }}
            />
          ),
        },
      ],
      '/public-profile/tova?offer=promo1',
    );
    // $9.99 less 40%, rounded up to the cent: $6, as the server charges it.
    expect(monthly.price.amount).toBe(999);
    expect(
      screen.getByText('40% off the first period with this link; renewals at the regular price.'),
    ).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Monthly, $6 first month, then $9.99/month' })).toBeTruthy();
    const pay = screen.getByRole('button', { name: 'Subscribe for $6' });
    await userEvent.click(pay);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payments/sandbox/checkout/ref-7'));
    expect(JSON.parse(requests[0]?.body ?? '{}')).toMatchObject({ plan: 'monthly', offer: 'promo1' });
  });
});
