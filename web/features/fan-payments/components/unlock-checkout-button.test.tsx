import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAuthModal, getAuthModalState } from '../../../lib/auth-modal.ts';
import { toast } from '../../../lib/toast.ts';
import { json } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { UnlockDialog } from '../../posts/components/unlock-dialog.tsx';
import { buildPost } from '../../posts/test/build-post.ts';
import { plans, stubApi } from '../test/fan-payments-api.ts';
import { OneTapHost } from './one-tap-host.tsx';

const post = buildPost({
  id: '0195f1a0-0000-7000-8000-0000000000aa',
  locked: true,
  visibility: 'pay_per_view',
  price: { amount: 250, currency: 'USD' },
});

function renderDialog(onClose = vi.fn()) {
  renderRoutes(
    [
      {
        path: '/discover',
        element: (
          <>
            <UnlockDialog post={post} onClose={onClose} returnFocusTo={null} />
            <OneTapHost />
          </>
        ),
      },
    ],
    '/discover?q=lena',
  );
  return onClose;
}

const savedCard = () =>
  json(200, { card: { brand: 'visa', last4: '4081', savedAt: '2026-11-01T10:00:00.000Z' } });

const charged = (status: 'succeeded' | 'failed') =>
  json(200, {
    status,
    message:
      status === 'succeeded'
        ? 'Payment verified successfully'
        : 'Your card was declined, so no payment was taken.',
    purpose: 'post_unlock',
    creatorHandle: 'lena',
    postId: post.id,
    subscription: null,
    reference: 'fpm-1',
    card: { brand: 'visa', last4: '4081' },
  });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOutForTest();
  closeAuthModal();
});

describe('unlocking a pay-per-view post', () => {
  it('opens a checkout for the post and comes back to the same page', async () => {
    signInAs({ id: 'u-2' });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const requests = stubApi({
      [`POST /api/posts/${post.id}/unlock`]: () =>
        json(200, {
          authorization_url: '/api/payments/sandbox/checkout/ref-2',
          reference: 'ref-2',
          amount: { amount: 250, currency: 'USD' },
        }),
    });
    renderDialog();
    expect(await screen.findByRole('dialog', { name: 'Unlock for $2.50' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Pay $2.50' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payments/sandbox/checkout/ref-2'));
    // No card saved (the server has none): straight to the checkout page.
    expect(
      requests.map((request) => `${request.method} ${new URL(request.url, 'http://localhost').pathname}`),
    ).toEqual(['GET /api/me/saved-card', `POST /api/posts/${post.id}/unlock`]);
    expect(JSON.parse(requests[1]?.body ?? '{}')).toEqual({
      returnTo: '/discover?q=lena',
      payWith: 'checkout',
    });
  });

  it('asks a visitor to sign in, closing the dialog', async () => {
    const error = vi.spyOn(toast, 'error');
    const requests = stubApi({});
    const onClose = renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $2.50' }));
    expect(error).toHaveBeenCalledWith('Please sign in to unlock this post');
    expect(getAuthModalState()).toEqual({ open: true, mode: 'signin' });
    expect(onClose).toHaveBeenCalled();
    expect(requests).toHaveLength(0);
  });

  it('says when the post cannot be bought, and when the server cannot open a checkout', async () => {
    signInAs({ id: 'u-2' });
    const error = vi.spyOn(toast, 'error');
    let status = 409;
    stubApi({
      [`POST /api/posts/${post.id}/unlock`]: () =>
        json(status, { message: 'You already unlocked this post', code: 'CONFLICT' }),
    });
    renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $2.50' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('You already unlocked this post'));
    status = 503;
    await userEvent.click(screen.getByRole('button', { name: 'Pay $2.50' }));
    await waitFor(() => expect(error).toHaveBeenLastCalledWith('Failed to initialize payment'));
  });
});

describe('paying in one tap with the saved card', () => {
  it('asks in the app, pays with the saved card and never leaves the page', async () => {
    signInAs({ id: 'u-2' });
    const success = vi.spyOn(toast, 'success');
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const requests = stubApi({
      'GET /api/me/saved-card': savedCard,
      [`POST /api/posts/${post.id}/unlock`]: () => charged('succeeded'),
    });
    renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $2.50' }));
    const question = await screen.findByRole('dialog', { name: 'Unlock this post' });
    expect(within(question).getByText('Visa •••• 4081')).toBeTruthy();
    // The keyboard's first stop is the one-tap payment.
    expect(document.activeElement?.textContent).toBe('Pay $2.50');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(success).toHaveBeenCalledWith('Payment verified successfully'));
    expect(assign).not.toHaveBeenCalled();
    const unlock = requests.find((request) => request.method === 'POST');
    expect(JSON.parse(unlock?.body ?? '{}')).toEqual({ returnTo: '/discover?q=lena', payWith: 'saved_card' });
    expect(screen.queryByRole('dialog', { name: 'Unlock this post' })).toBeNull();
  });

  it('goes to the checkout page for another card, and offers it when the saved card is declined', async () => {
    signInAs({ id: 'u-2' });
    const error = vi.spyOn(toast, 'error');
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const requests = stubApi({
      'GET /api/me/saved-card': savedCard,
      [`POST /api/posts/${post.id}/unlock`]: (request) =>
        JSON.parse(request.body ?? '{}').payWith === 'saved_card'
          ? charged('failed')
          : json(200, {
              authorization_url: '/api/payments/sandbox/checkout/ref-3',
              reference: 'ref-3',
              amount: { amount: 250, currency: 'USD' },
            }),
    });
    renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $2.50' }));
    const question = await screen.findByRole('dialog', { name: 'Unlock this post' });
    await userEvent.click(within(question).getByRole('button', { name: 'Pay $2.50' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Your card was declined, so no payment was taken.', {
        label: 'Use another card',
        onClick: expect.any(Function),
      }),
    );
    expect(assign).not.toHaveBeenCalled();
    // Another card: the checkout page.
    const action = error.mock.calls.at(-1)?.[1] as { onClick: () => void } | undefined;
    action?.onClick();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payments/sandbox/checkout/ref-3'));
    expect(
      requests.filter((request) => request.method === 'POST').map((r) => JSON.parse(r.body ?? '{}').payWith),
    ).toEqual(['saved_card', 'checkout']);
  });

  it('goes to the checkout page at once when the fan picks another card', async () => {
    signInAs({ id: 'u-2' });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const requests = stubApi({
      'GET /api/me/saved-card': savedCard,
      [`POST /api/posts/${post.id}/unlock`]: () =>
        json(200, {
          authorization_url: '/api/payments/sandbox/checkout/ref-4',
          reference: 'ref-4',
          amount: { amount: 250, currency: 'USD' },
        }),
    });
    renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $2.50' }));
    const question = await screen.findByRole('dialog', { name: 'Unlock this post' });
    await userEvent.click(within(question).getByRole('button', { name: 'Use another card' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payments/sandbox/checkout/ref-4'));
    const unlock = requests.find((request) => request.method === 'POST');
    expect(JSON.parse(unlock?.body ?? '{}')).toMatchObject({ payWith: 'checkout' });
  });
});

describe('paying with an unverified email', () => {
  it("shows the server's message with a button to the verification page", async () => {
    signInAs({ id: 'u-2' });
    const error = vi.spyOn(toast, 'error');
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const message = 'Please verify your email address first: you can pay creators once it is verified';
    stubApi({
      [`POST /api/posts/${post.id}/unlock`]: () => json(403, { message, code: 'EMAIL_NOT_VERIFIED' }),
    });
    renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $2.50' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(message, { label: 'Verify email', onClick: expect.any(Function) }),
    );
    expect(screen.getByRole('button', { name: 'Pay $2.50' })).toHaveProperty('disabled', false);
    const action = error.mock.calls.at(-1)?.[1] as { onClick: () => void } | undefined;
    action?.onClick();
    expect(assign).toHaveBeenCalledWith('/email-verification');
  });
});

describe("unlocking a subscribers' post", () => {
  const subscribersPost = buildPost({ id: 'p-subs', locked: true, visibility: 'subscribers' });

  it('opens the Select plan dialog from "Subscribe to ...", with the creator\'s plans', async () => {
    signInAs({ id: 'u-2' });
    const requests = stubApi({
      'GET /api/creators/lena/subscription': () =>
        json(200, { plans, subscription: null, canSubscribe: true, reason: null }),
    });
    const onClose = vi.fn();
    renderRoutes(
      [
        {
          path: '/public-profile/lena',
          element: <UnlockDialog post={subscribersPost} onClose={onClose} returnFocusTo={null} />,
        },
      ],
      '/public-profile/lena',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Lena Park' });
    expect(within(dialog).queryByRole('link')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Subscribe to Lena Park' }));
    const select = await screen.findByRole('dialog', { name: 'Select plan' });
    expect(within(select).getByRole('radio', { name: '6 Months, $47.95/6 months' })).toBeTruthy();
    expect(within(select).getByRole('button', { name: 'Subscribe for $9.99' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(requests.map((request) => request.url)).toEqual(['/api/creators/lena/subscription']);

    const [close] = within(select)
      .getAllByRole('button', { name: 'Close' })
      .filter((button) => button.textContent === 'Close');
    await userEvent.click(close as HTMLElement);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
