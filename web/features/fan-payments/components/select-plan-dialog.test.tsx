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
    const subscribe = requests.find((request) => request.method === 'POST');
    expect(JSON.parse(subscribe?.body ?? '{}')).toMatchObject({ plan: 'monthly', offer: 'promo1' });
  });
});

describe('Select plan with a free trial from an offer link', () => {
  const trial = {
    code: 'trial7',
    days: 7,
    regularPrice: { amount: 999, currency: 'USD' },
    hasSavedCard: false,
  };
  const render = (onOpenChange: (open: boolean) => void = () => undefined) =>
    renderRoutes(
      [
        {
          path: '/public-profile/:id',
          element: (
            <SelectPlanDialog
              open
              onOpenChange={onOpenChange}
              handle="tova"
              displayName="Tova"
              plans={plans}
              trial={trial}
            />
          ),
        },
      ],
      '/public-profile/tova?offer=trial7',
    );

  it('offers the monthly plan free for its days and starts the trial with the code, with no checkout', async () => {
    signInAs();
    const requests = stubFetch(() =>
      json(200, {
        message: 'Your free trial has started: 7 days',
        renews: false,
        state: { plans, subscription: null, canSubscribe: false, reason: null },
      }),
    );
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const closed = vi.fn();
    render(closed);
    expect(screen.getByRole('radio', { name: 'Monthly, Free for 7 days, then $9.99/month' })).toBeTruthy();
    expect(
      screen.getByText('Free trial with this link: 7 days of all posts and media, with no charge now.'),
    ).toBeTruthy();
    // No saved card: renewing cannot be chosen, as on the trial card.
    expect((screen.getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Start free trial' }));
    await waitFor(() => expect(closed).toHaveBeenCalledWith(false));
    expect(assign).not.toHaveBeenCalled();
    expect(requests[0]?.url).toContain('/creators/tova/subscribe');
    expect(JSON.parse(requests[0]?.body ?? '{}')).toEqual({ plan: 'monthly', offer: 'trial7', renew: false });
  });

  it('charges another plan as usual, without the code', async () => {
    signInAs();
    const requests = stubFetch(() =>
      json(200, {
        authorization_url: '/api/payments/sandbox/checkout/ref-8',
        reference: 'ref-8',
        amount: { amount: 4795, currency: 'USD' },
      }),
    );
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    render();
    const other = plans.find((plan) => plan.id !== 'monthly');
    if (!other) throw new Error('no other plan in the fixture');
    await userEvent.click(screen.getByRole('radio', { name: new RegExp(`^${other.name},`) }));
    expect(screen.getByText('The free trial from this link is for the monthly plan.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /^Subscribe for / }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payments/sandbox/checkout/ref-8'));
    const body = JSON.parse(requests.find((request) => request.method === 'POST')?.body ?? '{}');
    expect(body).toMatchObject({ plan: other.id });
    expect(body).not.toHaveProperty('offer');
  });

  it('says why a trial that can no longer be used was refused', async () => {
    signInAs();
    stubFetch(() => json(409, { message: 'This offer has ended', code: 'CONFLICT' }));
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Start free trial' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This offer has ended');
  });
});
