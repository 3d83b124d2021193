import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast as sonner } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BillingPeriod, PlanId } from '#common/plans.ts';
import type { CurrentSubscription } from '#common/schemas/subscriptions.ts';
import { Toaster } from '../../components/ui/toaster.tsx';
import { closeAuthModal, getAuthModalState } from '../../lib/auth-modal.ts';
import { onToasterReady } from '../../lib/toast.ts';
import { json, type RecordedRequest, stubFetch } from '../../test/fetch-stub.ts';
import { renderRoutes } from '../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../test/session.ts';
import { buildSubscription } from './test/build-subscription.ts';
import { useChoosePlan } from './use-choose-plan.ts';

/** Plan buttons driven by the hook, with the app's toaster. */
function Chooser({ current }: { current: CurrentSubscription | null }) {
  const { choose, pending, planName } = useChoosePlan(current);
  const button = (planId: PlanId, period: BillingPeriod) => (
    <button type="button" onClick={() => void choose(planId, period)}>
      {`${planName(planId)} ${period}`}
    </button>
  );
  return (
    <>
      {button('professional', 'yearly')}
      {button('enterprise', 'monthly')}
      <p data-testid="pending">{pending ? `${pending.planId} ${pending.period}` : 'idle'}</p>
      <Toaster theme="light" onReady={onToasterReady} />
    </>
  );
}

const renderChooser = (current: CurrentSubscription | null = null) =>
  renderRoutes([{ path: '*', element: <Chooser current={current} /> }], '/pricing');

const calls = (requests: RecordedRequest[]) =>
  requests.map((request) => ({
    call: `${request.method} ${request.url}`,
    body: JSON.parse(request.body ?? 'null'),
  }));

const checkout = {
  authorization_url: '/api/payments/sandbox/checkout/ref-1',
  reference: 'ref-1',
  trial: true,
  amount: { amount: 5000, currency: 'NGN' },
};

afterEach(() => {
  sonner.dismiss();
  vi.unstubAllGlobals();
  signOutForTest();
  closeAuthModal();
});

describe('useChoosePlan', () => {
  it("signed out: 'Please sign in to subscribe to a plan' and the sign-in dialog, nothing asked of the server", async () => {
    const requests = stubFetch(() => json(500, {}));
    renderChooser();
    await userEvent.click(screen.getByRole('button', { name: 'Professional yearly' }));
    expect(await screen.findByText('Please sign in to subscribe to a plan')).toBeTruthy();
    expect(getAuthModalState()).toEqual({ open: true, mode: 'signin' });
    expect(requests).toEqual([]);
    expect(screen.getByTestId('pending').textContent).toBe('idle');
  });

  it('without a plan: creates the checkout for the chosen plan and period and sends the browser there', async () => {
    signInAs();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const requests = stubFetch(() => json(200, checkout));
    renderChooser();
    await userEvent.click(screen.getByRole('button', { name: 'Professional yearly' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payments/sandbox/checkout/ref-1'));
    expect(calls(requests)).toEqual([
      {
        call: 'POST /api/subscriptions/initialize-payment',
        body: { planId: 'professional', billingPeriod: 'yearly' },
      },
    ]);
    // The button stays busy until the page leaves for the checkout.
    expect(screen.getByTestId('pending').textContent).toBe('professional yearly');
  });

  it("says 'Failed to initialize payment' when the checkout cannot be created, and frees the button", async () => {
    signInAs();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    stubFetch(() => json(502, { message: 'Paystack is unavailable', code: 'PROVIDER_ERROR' }));
    renderChooser();
    await userEvent.click(screen.getByRole('button', { name: 'Enterprise monthly' }));

    expect(await screen.findByText('Failed to initialize payment')).toBeTruthy();
    expect(screen.queryByText('Paystack is unavailable')).toBeNull();
    expect(screen.getByTestId('pending').textContent).toBe('idle');
    expect(assign).not.toHaveBeenCalled();
  });

  it("also says 'Failed to initialize payment' when the server cannot be reached", async () => {
    signInAs();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    renderChooser();
    await userEvent.click(screen.getByRole('button', { name: 'Enterprise monthly' }));
    expect(await screen.findByText('Failed to initialize payment')).toBeTruthy();
  });

  it("shows the server's reason when it refuses the checkout (409)", async () => {
    signInAs();
    stubFetch(() =>
      json(409, {
        message: 'You already have a plan. Change it from your current plan instead.',
        code: 'CONFLICT',
      }),
    );
    renderChooser();
    await userEvent.click(screen.getByRole('button', { name: 'Enterprise monthly' }));
    expect(
      await screen.findByText('You already have a plan. Change it from your current plan instead.'),
    ).toBeTruthy();
  });

  it('with a live plan: changes the plan instead of paying again, and says when it applies', async () => {
    signInAs();
    const current = buildSubscription();
    const requests = stubFetch(() =>
      json(200, {
        subscription: buildSubscription({
          nextPlan: {
            planId: 'enterprise',
            planName: 'Enterprise',
            billingPeriod: 'monthly',
            amount: { amount: 4_000_000, currency: 'NGN' },
          },
        }),
        trialEligible: false,
      }),
    );
    renderChooser(current);
    await userEvent.click(screen.getByRole('button', { name: 'Enterprise monthly' }));

    expect(await screen.findByText('Your plan changes to Enterprise (monthly) on 1 July 2026')).toBeTruthy();
    expect(calls(requests)).toEqual([
      {
        call: 'POST /api/subscriptions/change-plan',
        body: { planId: 'enterprise', billingPeriod: 'monthly' },
      },
    ]);
    expect(screen.getByTestId('pending').textContent).toBe('idle');
  });

  it("says 'Failed to change your plan' when a change fails", async () => {
    signInAs();
    stubFetch(() => json(500, { message: 'Internal error', code: 'INTERNAL' }));
    renderChooser(buildSubscription({ status: 'trialing' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enterprise monthly' }));
    expect(await screen.findByText('Failed to change your plan')).toBeTruthy();
    expect(screen.getByTestId('pending').textContent).toBe('idle');
  });

  it('with a renewal that failed (past due): pays through a new checkout rather than changing', async () => {
    signInAs();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const requests = stubFetch(() => json(200, { ...checkout, trial: false }));
    renderChooser(buildSubscription({ status: 'past_due' }));
    await userEvent.click(screen.getByRole('button', { name: 'Professional yearly' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(requests.map((request) => request.url)).toEqual(['/api/subscriptions/initialize-payment']);
  });

  it('after a plan ended: a new checkout', async () => {
    signInAs();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const requests = stubFetch(() => json(200, { ...checkout, trial: false }));
    renderChooser(buildSubscription({ status: 'expired', endedAt: '2026-07-04T09:00:00.000Z' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enterprise monthly' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(requests.map((request) => request.url)).toEqual(['/api/subscriptions/initialize-payment']);
  });
});
