import { act, screen, waitFor } from '@testing-library/react';
import { toast as sonner } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/ui/toaster.tsx';
import { onToasterReady } from '../../lib/toast.ts';
import { json, stubFetch } from '../../test/fetch-stub.ts';
import { renderRoutes } from '../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../test/session.ts';
import { buildSubscription } from './test/build-subscription.ts';
import { usePaymentReturn } from './use-payment-return.ts';

function ReturnFromCheckout() {
  const { verifying } = usePaymentReturn();
  return (
    <>
      <p data-testid="verifying">{verifying ? 'verifying' : 'idle'}</p>
      <Toaster theme="light" onReady={onToasterReady} />
    </>
  );
}

const renderAt = (path: string) =>
  renderRoutes([{ path: '/pricing', element: <ReturnFromCheckout /> }], path);

const verified = (status: string, message: string) =>
  json(200, { status, message, subscription: status === 'succeeded' ? buildSubscription() : null });

afterEach(() => {
  sonner.dismiss();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('usePaymentReturn', () => {
  it("verifies the reference with the server, says 'Payment verified successfully' and clears the address bar", async () => {
    signInAs();
    const requests = stubFetch(() => verified('succeeded', 'Payment verified successfully'));
    const { router, queryClient } = renderAt('/pricing?reference=ref-1&trxref=ref-1&tab=x');
    const refetched = vi.spyOn(queryClient, 'invalidateQueries');

    expect(await screen.findByText('Payment verified successfully')).toBeTruthy();
    expect(requests.map((request) => [request.method, request.url, request.body])).toEqual([
      ['POST', '/api/subscriptions/verify-payment', '{"reference":"ref-1"}'],
    ]);
    await waitFor(() => expect(router.state.location.search).toBe('?tab=x'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(refetched).toHaveBeenCalledWith({ queryKey: ['agent-plans', 'current'] });
    expect(screen.getByTestId('verifying').textContent).toBe('idle');
  });

  it("takes Paystack's trxref when there is no reference", async () => {
    signInAs();
    const requests = stubFetch(() => verified('succeeded', 'Payment verified successfully'));
    const { router } = renderAt('/pricing?trxref=T123');
    expect(await screen.findByText('Payment verified successfully')).toBeTruthy();
    expect(requests[0]?.body).toBe('{"reference":"T123"}');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says the card was declined and that the user can try again, when the payment did not go through', async () => {
    signInAs();
    stubFetch(() =>
      verified(
        'failed',
        'Your card was declined, so no payment was taken. Please try again or use another card.',
      ),
    );
    const { router } = renderAt('/pricing?reference=ref-2');
    expect(
      await screen.findByText(
        'Your card was declined, so no payment was taken. Please try again or use another card.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Failed to verify payment')).toBeNull();
    expect(screen.queryByText('Payment verified successfully')).toBeNull();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it("says 'Failed to verify payment' when the server refuses or cannot be reached", async () => {
    signInAs();
    stubFetch(() => json(500, { message: 'Internal error', code: 'INTERNAL' }));
    const first = renderAt('/pricing?reference=ref-3');
    expect(await screen.findByText('Failed to verify payment')).toBeTruthy();
    await waitFor(() => expect(first.router.state.location.search).toBe(''));
    first.unmount();
    sonner.dismiss();

    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    renderAt('/pricing?reference=ref-4');
    expect(await screen.findByText('Failed to verify payment')).toBeTruthy();
  });

  it("tells a cancelled or still-processing checkout in the server's words, not as a failure", async () => {
    signInAs();
    stubFetch(() => verified('abandoned', 'The checkout was cancelled. No payment was taken.'));
    renderAt('/pricing?reference=ref-5');
    expect(await screen.findByText('The checkout was cancelled. No payment was taken.')).toBeTruthy();
    expect(screen.queryByText('Failed to verify payment')).toBeNull();
  });

  it('asks once per reference', async () => {
    signInAs();
    const requests = stubFetch(() => verified('succeeded', 'Payment verified successfully'));
    const { router } = renderAt('/pricing?reference=ref-6');
    expect(await screen.findByText('Payment verified successfully')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await router.navigate('/pricing?tab=y');
    expect(requests).toHaveLength(1);
  });

  it('does nothing without a reference, or while signed out (the reference waits for the sign-in)', async () => {
    const requests = stubFetch(() => verified('succeeded', 'Payment verified successfully'));
    renderAt('/pricing');
    const { router } = renderAt('/pricing?reference=ref-7');
    // Both pages rendered and their effects (with any request they start) flushed; signing in
    // below is the control: the same page then sends its request.
    expect(await screen.findAllByTestId('verifying')).toHaveLength(2);
    await act(async () => {});
    expect(requests).toEqual([]);
    expect(router.state.location.search).toBe('?reference=ref-7');

    act(() => {
      signInAs();
    });
    expect(await screen.findByText('Payment verified successfully')).toBeTruthy();
    expect(requests.map((request) => request.body)).toEqual(['{"reference":"ref-7"}']);
  });
});
