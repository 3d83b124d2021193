import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAuthModal, getAuthModalState } from '../../../lib/auth-modal.ts';
import { toast } from '../../../lib/toast.ts';
import { json, type RecordedRequest, stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { TipButton } from '../index.ts';

const creator = { handle: 'lena', name: 'Lena Park' };

function serve(tip: (request: RecordedRequest) => Response): RecordedRequest[] {
  return stubFetch((request) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    if (path === '/api/config')
      return json(200, {
        siteName: 'Fanplace',
        publicUrl: 'http://localhost',
        gaMeasurementId: null,
        googleSignIn: false,
        tips: { minCents: 250, maxCents: 1000 },
      });
    if (request.method === 'POST' && path === '/api/creators/lena/tips') return tip(request);
    return json(404, { message: 'Not found', code: 'NOT_FOUND' });
  });
}

const tipRequests = (requests: RecordedRequest[]) =>
  requests
    .filter((request) => request.url.endsWith('/tips'))
    .map((request) => JSON.parse(request.body ?? '{}'));

function renderButton() {
  renderRoutes(
    [{ path: '/message', element: <TipButton creator={creator} appearance="icon" /> }],
    '/message?c=c-1',
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  signOutForTest();
  closeAuthModal();
});

describe('tipping a creator', () => {
  it("checks the amount with the server's limits, counts the note, and opens one checkout coming back here", async () => {
    signInAs({ id: 'u-2' });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const requests = serve(() =>
      json(200, {
        authorization_url: '/api/payments/sandbox/checkout/ref-9',
        reference: 'ref-9',
        amount: { amount: 500, currency: 'USD' },
      }),
    );
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Tip Lena Park' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tip Lena Park' });
    const amount = within(dialog).getByLabelText('Amount (USD)');
    await waitFor(() => expect(within(dialog).getByText('From $2.50 to $10.')).toBeTruthy());
    // Quick amounts within the limits only.
    expect(
      within(dialog)
        .getAllByRole('button', { pressed: false })
        .map((b) => b.textContent),
    ).toEqual(['$5', '$10']);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send tip' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please enter an amount');
    expect(document.activeElement).toBe(amount);
    await userEvent.type(amount, '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send tip' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('The smallest tip is $2.50');
    await userEvent.clear(amount);
    await userEvent.type(amount, '12.345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send tip' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please enter an amount in dollars and cents');
    expect(tipRequests(requests)).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: '$5' }));
    expect((amount as HTMLInputElement).value).toBe('5');
    await userEvent.type(within(dialog).getByLabelText('Note (optional)'), 'Lovely light');
    expect(within(dialog).getByText('12/500')).toBeTruthy();
    const send = within(dialog).getByRole('button', { name: 'Send $5 tip' });
    await userEvent.dblClick(send);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payments/sandbox/checkout/ref-9'));
    const sent = tipRequests(requests);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ amount: 500, note: 'Lovely light', returnTo: '/message?c=c-1' });
    expect(sent[0].idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(within(dialog).getByRole('button', { name: 'Opening checkout…' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('retries with the same key after a failure, and says what the server refused', async () => {
    signInAs({ id: 'u-2' });
    const error = vi.spyOn(toast, 'error');
    let status = 503;
    const requests = serve(() => json(status, { message: 'You cannot tip this creator', code: 'FORBIDDEN' }));
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Tip Lena Park' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tip Lena Park' });
    await userEvent.type(within(dialog).getByLabelText('Amount (USD)'), '7.50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send $7.50 tip' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to initialize payment'));
    status = 403;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send $7.50 tip' }));
    await waitFor(() => expect(error).toHaveBeenLastCalledWith('You cannot tip this creator'));
    const [first, second] = tipRequests(requests);
    expect(first.idempotencyKey).toBe(second.idempotencyKey);
    // A changed amount is a new tip with a new key.
    await userEvent.clear(within(dialog).getByLabelText('Amount (USD)'));
    await userEvent.type(within(dialog).getByLabelText('Amount (USD)'), '8');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send $8 tip' }));
    await waitFor(() => expect(tipRequests(requests)).toHaveLength(3));
    expect(tipRequests(requests)[2].idempotencyKey).not.toBe(first.idempotencyKey);
  });

  it('asks a visitor to sign in instead of opening the dialog', async () => {
    const requests = serve(() => json(500, {}));
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Tip Lena Park' }));
    expect(getAuthModalState()).toEqual({ open: true, mode: 'signin' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(tipRequests(requests)).toEqual([]);
  });
});
