import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicOffer } from '#common/schemas/offers.ts';
import { toast } from '../../../lib/toast.ts';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { OneTapHost } from '../../fan-payments/index.ts';
import { OfferCard } from './offer-card.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  signOutForTest();
});

const promotion: PublicOffer = {
  code: 'promo1',
  kind: 'promotion',
  trialDays: null,
  discountPercent: 40,
  audience: 'new',
  firstPeriodPrice: { amount: 600, currency: 'USD' },
  regularPrice: { amount: 1000, currency: 'USD' },
  endsAt: null,
  claimsLeft: 3,
  available: true,
  unavailableReason: null,
  hasSavedCard: false,
};

const render = () =>
  renderRoutes(
    [{ path: '/public-profile/:id', element: <OfferCard handle="tova" code="promo1" name="Tova" /> }],
    '/public-profile/tova?offer=promo1',
  );

describe('an offer opened from its link', () => {
  it('shows a promotion and starts the discounted checkout with its code', async () => {
    signInAs();
    const requests = stubFetch((request) => {
      if (request.method === 'GET') return json(200, promotion);
      return json(200, {
        authorization_url: '/api/payments/sandbox/checkout/ref-3',
        reference: 'ref-3',
        amount: { amount: 600, currency: 'USD' },
      });
    });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    render();
    expect(await screen.findByText('40% off your first month')).toBeTruthy();
    expect(screen.getByText(/\$6\.00 instead of \$10\.00/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe with 40% off' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payments/sandbox/checkout/ref-3'));
    const posted = requests.find((request) => request.method === 'POST');
    expect(posted?.url).toBe('/api/creators/tova/subscribe');
    expect(JSON.parse(posted?.body ?? '{}')).toMatchObject({ plan: 'monthly', offer: 'promo1' });
  });

  it('with a saved card, asks in the app and subscribes at the discount in one tap', async () => {
    signInAs({ id: 'u-2' });
    const success = vi.spyOn(toast, 'success');
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const requests = stubFetch((request) => {
      if (request.url === '/api/me/saved-card')
        return json(200, { card: { brand: 'visa', last4: '4081', savedAt: '2026-11-01T10:00:00.000Z' } });
      if (request.method === 'GET') return json(200, { ...promotion, hasSavedCard: true });
      return json(200, {
        status: 'succeeded',
        message: 'Payment verified successfully',
        purpose: 'creator_subscription',
        creatorHandle: 'tova',
        postId: null,
        subscription: null,
        reference: 'fpm-9',
        card: { brand: 'visa', last4: '4081' },
      });
    });
    renderRoutes(
      [
        {
          path: '/public-profile/:id',
          element: (
            <>
              <OfferCard handle="tova" code="promo1" name="Tova" />
              <OneTapHost />
            </>
          ),
        },
      ],
      '/public-profile/tova?offer=promo1',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe with 40% off' }));
    const question = await screen.findByRole('dialog', {
      name: 'Monthly subscription to Tova, 40% off the first month',
    });
    expect(within(question).getByText('Visa •••• 4081')).toBeTruthy();
    await userEvent.click(within(question).getByRole('button', { name: 'Pay $6.00' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Payment verified successfully'));
    expect(assign).not.toHaveBeenCalled();
    const posted = requests.find((request) => request.method === 'POST');
    expect(JSON.parse(posted?.body ?? '{}')).toMatchObject({
      plan: 'monthly',
      offer: 'promo1',
      payWith: 'saved_card',
    });
  });

  it('says why a viewer cannot take it, with no button', async () => {
    signInAs();
    stubFetch(() =>
      json(200, {
        ...promotion,
        available: false,
        unavailableReason: 'This promotion is for fans new to this creator',
      }),
    );
    render();
    expect(await screen.findByText('This promotion is for fans new to this creator')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("tells an unverified account the server's reason in the trial dialog, with a way to verify", async () => {
    signInAs();
    const message = 'Please verify your email address first: you can pay creators once it is verified';
    stubFetch((request) =>
      request.method === 'GET'
        ? json(200, {
            ...promotion,
            kind: 'trial',
            trialDays: 7,
            discountPercent: null,
            firstPeriodPrice: null,
          })
        : json(403, { message, code: 'EMAIL_NOT_VERIFIED' }),
    );
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Start free trial' }));
    const dialog = await screen.findByRole('dialog', { name: 'Free trial with Tova' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start free trial' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify email' }));
    expect(assign).toHaveBeenCalledWith('/email-verification');
  });

  it('says when the link no longer works', async () => {
    stubFetch(() => json(404, { message: 'This offer does not exist', code: 'NOT_FOUND' }));
    render();
    expect(await screen.findByText('This offer link does not work any more.')).toBeTruthy();
  });
});
