import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as PublicProfilePage } from '../../../app/routes/public-profile.tsx';
import { closeAuthModal, getAuthModalState } from '../../../lib/auth-modal.ts';
import { toast } from '../../../lib/toast.ts';
import { json } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { buildProfile } from '../../creators/test/build-profile.ts';
import { buildFanSubscription, page, plans, stubApi } from '../test/fan-payments-api.ts';

const renderProfile = () =>
  renderRoutes([{ path: '/public-profile/:id', Component: PublicProfilePage }], '/public-profile/lena');

const state = (overrides: object = {}) =>
  json(200, { plans, subscription: null, canSubscribe: true, reason: null, ...overrides });

const profileApi = (extra: Record<string, () => Response> = {}) =>
  stubApi({
    'GET /api/creators/lena': () => json(200, buildProfile()),
    'GET /api/creators/lena/posts': () => page([]),
    'GET /api/creators/lena/subscription': () => state(),
    ...extra,
  });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOutForTest();
  closeAuthModal();
});

describe('Subscribe Now', () => {
  it('opens the plans and sends the fan to checkout for the chosen one, coming back to this page', async () => {
    signInAs({ id: 'u-2' });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const requests = profileApi({
      'POST /api/creators/lena/subscribe': () =>
        json(200, {
          authorization_url: '/api/payments/sandbox/checkout/ref-1',
          reference: 'ref-1',
          amount: { amount: 4795, currency: 'USD' },
        }),
    });
    renderProfile();
    await userEvent.click(await screen.findByRole('button', { name: /Subscribe Now.*\$9\.99\/month/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Select plan' });
    await userEvent.click(within(dialog).getByRole('radio', { name: '6 Months, $47.95/6 months' }));
    expect(within(dialog).getByText(/Charged \$47\.95 now for 6 months/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Subscribe for $47.95' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payments/sandbox/checkout/ref-1'));
    const subscribe = requests.find((request) => request.method === 'POST');
    expect(JSON.parse(subscribe?.body ?? '{}')).toEqual({
      plan: 'six_months',
      returnTo: '/public-profile/lena',
      // No card saved: the checkout page.
      payWith: 'checkout',
    });
    expect(subscribe?.headers.get('authorization')).toBe('Bearer token-1');
    expect(within(dialog).getByRole('button', { name: 'Opening checkout…' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('asks a visitor to sign in instead of opening a checkout', async () => {
    const error = vi.spyOn(toast, 'error');
    const requests = profileApi();
    renderProfile();
    await userEvent.click(await screen.findByRole('button', { name: /Subscribe Now/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe for $9.99' }));
    expect(error).toHaveBeenCalledWith('Please sign in to subscribe');
    expect(getAuthModalState()).toEqual({ open: true, mode: 'signin' });
    expect(requests.every((request) => request.method === 'GET')).toBe(true);
  });

  it("shows the server's refusal, and keeps the dialog open to try again", async () => {
    signInAs({ id: 'u-2' });
    const error = vi.spyOn(toast, 'error');
    profileApi({
      'POST /api/creators/lena/subscribe': () =>
        json(409, { message: 'You are already subscribed to this creator', code: 'CONFLICT' }),
    });
    renderProfile();
    await userEvent.click(await screen.findByRole('button', { name: /Subscribe Now/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Select plan' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Subscribe for $9.99' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('You are already subscribed to this creator'));
    expect(within(dialog).getByRole('button', { name: 'Subscribe for $9.99' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('shows a subscriber their plan and when it renews or ends instead of the button', async () => {
    signInAs({ id: 'u-2' });
    profileApi({
      'GET /api/creators/lena/subscription': () =>
        state({
          subscription: buildFanSubscription({ status: 'canceled', renews: false }),
          canSubscribe: false,
          reason: 'You are already subscribed to this creator',
        }),
    });
    renderProfile();
    const note = await screen.findByRole('region', { name: 'Your subscription' });
    expect(within(note).getByText('Subscribed · Monthly')).toBeTruthy();
    expect(within(note).getByText('Access until 31 March 2026; it will not renew')).toBeTruthy();
    expect(within(note).getByRole('link', { name: 'Manage' }).getAttribute('href')).toBe(
      '/settings?tab=payments&view=subscriptions',
    );
    expect(screen.queryByRole('button', { name: /Subscribe Now/ })).toBeNull();
  });

  it('shows the owner what fans pay, without asking for plans', async () => {
    signInAs({ id: 'u-9' });
    const requests = profileApi({
      'GET /api/creators/lena': () =>
        json(200, buildProfile({ viewer: { isOwner: true, isFollowing: false } })),
    });
    renderProfile();
    expect(await screen.findByText('$9.99/month')).toBeTruthy();
    expect(screen.getByText(/Fans subscribe to you for/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Subscribe Now/ })).toBeNull();
    expect(requests.some((request) => request.url.endsWith('/subscription'))).toBe(false);
  });

  it('says why a signed-in fan cannot subscribe', async () => {
    signInAs({ id: 'u-2' });
    profileApi({
      'GET /api/creators/lena/subscription': () =>
        state({ canSubscribe: false, reason: 'This creator is not accepting subscriptions yet' }),
    });
    renderProfile();
    const reason = await screen.findByText('This creator is not accepting subscriptions yet');
    const button = screen.getByRole('button', { name: /Subscribe Now/ });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-describedby')).toBe(reason.id);
  });
});
