import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast as sonner } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type BillingPeriod, type PlanId, subscriptionPlans } from '#common/plans.ts';
import type { CurrentSubscription, SubscriptionPlanView } from '#common/schemas/subscriptions.ts';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { onToasterReady } from '../../../lib/toast.ts';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { buildSubscription } from '../test/build-subscription.ts';
import { useChoosePlan } from '../use-choose-plan.ts';
import { ChangePlanDialog } from './change-plan-dialog.tsx';

const plans: SubscriptionPlanView[] = subscriptionPlans.map((plan) => ({
  ...plan,
  features: [...plan.features],
}));

type OnChange = (planId: PlanId, period: BillingPeriod) => Promise<void>;

function renderDialog(
  subscription: CurrentSubscription,
  options: { busy?: boolean; onChange?: OnChange } = {},
) {
  const chosen: Array<[PlanId, BillingPeriod]> = [];
  const onChange: OnChange =
    options.onChange ??
    (async (planId, period) => {
      chosen.push([planId, period]);
    });
  render(
    <ChangePlanDialog
      plans={plans}
      subscription={subscription}
      busy={options.busy ?? false}
      onChange={onChange}
    />,
  );
  return chosen;
}

/** The dialog wired to the real plan choice hook, with the toaster that tells the outcome. */
function ManagePlan({ current }: { current: CurrentSubscription }) {
  const { choose, pending } = useChoosePlan(current);
  return (
    <>
      <ChangePlanDialog plans={plans} subscription={current} busy={pending !== null} onChange={choose} />
      <Toaster theme="light" onReady={onToasterReady} />
    </>
  );
}

const open = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Manage' }));
  return screen.findByRole('dialog', { name: 'Change your plan' });
};
const checked = (dialog: HTMLElement, name: string | RegExp) =>
  within(dialog).getByRole('radio', { name }).getAttribute('aria-checked');

afterEach(() => {
  sonner.dismiss();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('ChangePlanDialog', () => {
  it('on a paid plan: says the change waits for the renewal, and starts on the current plan and period', async () => {
    renderDialog(buildSubscription({ planId: 'professional', billingPeriod: 'monthly' }));
    const dialog = await open();
    expect(
      within(dialog).getByText(
        'The change takes effect at your next renewal on 1 July 2026, which is charged at the new price.',
      ),
    ).toBeTruthy();
    expect(checked(dialog, 'Professional')).toBe('true');
    expect(checked(dialog, 'Starter')).toBe('false');
    expect(checked(dialog, 'Monthly')).toBe('true');
    expect(within(dialog).getByText('₦25,000/month')).toBeTruthy();
  });

  it('in the trial: says the change applies right away', async () => {
    renderDialog(buildSubscription({ status: 'trialing', trialEnd: '2026-07-01T09:00:00.000Z' }));
    const dialog = await open();
    expect(
      within(dialog).getByText('You are in your free trial, so the change applies right away.'),
    ).toBeTruthy();
  });

  it('starts on a pending change rather than the plan it replaces', async () => {
    renderDialog(
      buildSubscription({
        nextPlan: {
          planId: 'enterprise',
          planName: 'Enterprise',
          billingPeriod: 'yearly',
          amount: { amount: 40_000_000, currency: 'NGN' },
        },
      }),
    );
    const dialog = await open();
    expect(checked(dialog, 'Enterprise')).toBe('true');
    expect(checked(dialog, /Yearly/)).toBe('true');
    expect(within(dialog).getByText('₦400,000/year')).toBeTruthy();
  });

  it('sends the chosen plan and period, then closes', async () => {
    const chosen = renderDialog(buildSubscription());
    const dialog = await open();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Enterprise' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: /Yearly/ }));
    expect(within(dialog).getByText('₦250,000/year')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change plan' }));
    expect(chosen).toEqual([['enterprise', 'yearly']]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('is usable from the keyboard: Space picks a plan, Enter confirms', async () => {
    const chosen = renderDialog(buildSubscription({ planId: 'starter' }));
    const dialog = await open();
    within(dialog).getByRole('radio', { name: 'Professional' }).focus();
    await userEvent.keyboard(' ');
    expect(checked(dialog, 'Professional')).toBe('true');
    within(dialog).getByRole('button', { name: 'Change plan' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(chosen).toEqual([['professional', 'monthly']]);
  });

  it('Close and Escape leave without a change, and opening again starts from the plan once more', async () => {
    const chosen = renderDialog(buildSubscription());
    let dialog = await open();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Starter' }));
    await userEvent.click(within(dialog).getByText('Close', { selector: 'button' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await open();
    expect(checked(dialog, 'Professional')).toBe('true');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(chosen).toEqual([]);
  });

  it('cannot be confirmed while another plan action is running', async () => {
    renderDialog(buildSubscription(), { busy: true });
    const dialog = await open();
    expect(within(dialog).getByRole('button', { name: 'Change plan' }).hasAttribute('disabled')).toBe(true);
  });

  it('with the real plan choice: asks the server to change the plan and tells the user when it applies', async () => {
    signInAs();
    const current = buildSubscription();
    const requests = stubFetch(() =>
      json(200, {
        subscription: buildSubscription({
          nextPlan: {
            planId: 'starter',
            planName: 'Starter',
            billingPeriod: 'yearly',
            amount: { amount: 15_000_000, currency: 'NGN' },
          },
        }),
        trialEligible: false,
      }),
    );
    renderRoutes([{ path: '*', element: <ManagePlan current={current} /> }], '/pricing');
    const dialog = await open();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Starter' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: /Yearly/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change plan' }));

    expect(await screen.findByText('Your plan changes to Starter (yearly) on 1 July 2026')).toBeTruthy();
    expect(requests.map((request) => [request.url, request.body])).toEqual([
      ['/api/subscriptions/change-plan', '{"planId":"starter","billingPeriod":"yearly"}'],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Nothing stays busy afterwards: another change can be made.
    const again = await open();
    expect(within(again).getByRole('button', { name: 'Change plan' }).hasAttribute('disabled')).toBe(false);
  });
});
