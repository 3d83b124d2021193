import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { json } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { stubApi } from '../test/fan-payments-api.ts';
import { CheckoutReturnHost } from './checkout-return-host.tsx';

const verified = (status: string, message: string) =>
  json(200, {
    status,
    message,
    purpose: 'post_unlock',
    creatorHandle: 'lena',
    postId: 'p-1',
    subscription: null,
  });

function renderAt(path: string) {
  const page = (
    <>
      <h1>Page</h1>
      <CheckoutReturnHost />
    </>
  );
  const result = renderRoutes(
    [
      { path: '/discover', element: page },
      { path: '/pricing', element: page },
    ],
    path,
  );
  // Lists on screen before the payment settled: they must be fetched again.
  result.queryClient.setQueryData(['posts', 'discover'], { pages: [], pageParams: [] });
  result.queryClient.setQueryData(['creators', 'me', 'u-2'], { creator: null });
  result.queryClient.setQueryData(['fan-payments', 'wallet', 'u-2'], {});
  return result;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('back from a fan checkout', () => {
  it('verifies the reference, says so, refreshes posts and money screens, and cleans the address', async () => {
    signInAs({ id: 'u-2' });
    const success = vi.spyOn(toast, 'success');
    let answer: () => void = () => {};
    const requests = stubApi({
      'POST /api/fan-payments/verify': () =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(verified('succeeded', 'Post unlocked'));
        }),
    });
    const { router, queryClient } = renderAt('/discover?q=lena&trxref=ref-9&reference=ref-9');
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Confirming your payment…');
    await waitFor(() => expect(requests).toHaveLength(1));
    answer();

    await waitFor(() => expect(success).toHaveBeenCalledWith('Post unlocked'));
    expect(JSON.parse(requests[0]?.body ?? '{}')).toEqual({ reference: 'ref-9' });
    await waitFor(() => expect(router.state.location.search).toBe('?q=lena'));
    expect(router.state.historyAction).toBe('REPLACE');
    for (const key of [
      ['posts', 'discover'],
      ['creators', 'me', 'u-2'],
      ['fan-payments', 'wallet', 'u-2'],
    ])
      expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    expect(screen.queryByRole('status')).toBeNull();
    expect(requests).toHaveLength(1);
  });

  it('asks again while the provider still calls it pending, then tells the outcome', async () => {
    signInAs({ id: 'u-2' });
    const error = vi.spyOn(toast, 'error');
    let calls = 0;
    stubApi({
      'POST /api/fan-payments/verify': () => {
        calls += 1;
        return calls < 2
          ? verified('pending', 'The payment is still being processed')
          : verified(
              'failed',
              'Your card was declined, so no payment was taken. Please try again or use another card.',
            );
      },
    });
    const { router, queryClient } = renderAt('/discover?reference=ref-9');
    await waitFor(
      () =>
        expect(error).toHaveBeenCalledWith(
          'Your card was declined, so no payment was taken. Please try again or use another card.',
        ),
      {
        timeout: 4000,
      },
    );
    expect(calls).toBe(2);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(queryClient.getQueryState(['posts', 'discover'])?.isInvalidated).toBe(false);
  });

  it('says when a checkout was left without paying', async () => {
    signInAs({ id: 'u-2' });
    const info = vi.spyOn(toast, 'info');
    stubApi({
      'POST /api/fan-payments/verify': () =>
        verified('abandoned', 'The checkout was cancelled. No payment was taken.'),
    });
    renderAt('/discover?reference=ref-9');
    await waitFor(() =>
      expect(info).toHaveBeenCalledWith('The checkout was cancelled. No payment was taken.'),
    );
  });

  it("leaves the pricing page's own references, and signed-out visits, alone", async () => {
    // Loaded before rendering, so the host's lazy part renders within act's flush below.
    await import('./checkout-return.tsx');
    const requests = stubApi({});
    renderAt('/discover?reference=ref-9');
    await screen.findByRole('heading', { name: 'Page' });
    // The host's effects, and any request they would start, run within act's flush.
    await act(async () => {});
    cleanup();
    signInAs({ id: 'u-2' });
    renderAt('/pricing?reference=ref-9');
    await screen.findByRole('heading', { name: 'Page' });
    await act(async () => {});
    expect(requests).toHaveLength(0);
  });
});
