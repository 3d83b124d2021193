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

const post = buildPost({
  id: '0195f1a0-0000-7000-8000-0000000000aa',
  locked: true,
  visibility: 'pay_per_view',
  price: { amount: 250, currency: 'USD' },
});

function renderDialog(onClose = vi.fn()) {
  renderRoutes(
    [{ path: '/discover', element: <UnlockDialog post={post} onClose={onClose} returnFocusTo={null} /> }],
    '/discover?q=lena',
  );
  return onClose;
}

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
    expect(JSON.parse(requests[0]?.body ?? '{}')).toEqual({ returnTo: '/discover?q=lena' });
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
