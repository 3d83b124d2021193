import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as EditProfilePage } from '../../../app/routes/edit-profile.tsx';
import { toast } from '../../../lib/toast.ts';
import { json, type RecordedRequest, stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { buildProfile } from '../test/build-profile.ts';

const counts = { liked: 0, purchased: 0, purchasedMessages: 0 };

/** The edit page's server; `put` answers PUT /api/creators/me/price. */
function stubServer(
  put: (request: RecordedRequest) => Response,
  owner = buildProfile({ viewer: { isOwner: true, isFollowing: false } }),
) {
  return stubFetch((request) => {
    if (request.url === '/api/creators/me' && request.method === 'GET')
      return json(200, { creator: owner, counts });
    if (request.url === '/api/creators/me/price' && request.method === 'PUT') return put(request);
    return json(404, { message: 'Not found', code: 'NOT_FOUND' });
  });
}

const priceChanged = (amount: number, notified: number) =>
  json(200, {
    message: `Your subscription price was changed. ${notified} subscribers were told by email; each pays the new price from their next renewal.`,
    monthlyPrice: { amount, currency: 'USD' },
    subscribersNotified: notified,
  });

async function typePrice(value: string) {
  const input = await screen.findByLabelText('Monthly price (USD)');
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
  await userEvent.click(screen.getByRole('button', { name: 'Change price' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  signOutForTest();
});

describe('subscription price on Edit Profile', () => {
  it('asks first, saying what happens to current subscribers, then sends the new price', async () => {
    signInAs({ id: 'u-9' });
    const success = vi.spyOn(toast, 'success');
    const requests = stubServer(() => priceChanged(1250, 3));
    renderRoutes([{ path: '/edit-profile/:id', Component: EditProfilePage }], '/edit-profile/c-1');
    expect(await screen.findByText(/Now \$9\.99 a month/)).toBeTruthy();

    await typePrice('12.50');
    const dialog = await screen.findByRole('dialog', { name: 'Change your price to $12.50 a month?' });
    expect(dialog.textContent).toContain('New subscribers pay $12.50 a month from now on.');
    expect(dialog.textContent).toContain(
      'Current subscribers keep paying $9.99 until their next renewal, then pay the new price',
    );
    expect(dialog.textContent).toContain('can cancel before then');
    // Nothing is sent before the creator confirms.
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Change price' }));
    await waitFor(() => expect(success).toHaveBeenCalled());
    const put = requests.find((r) => r.method === 'PUT');
    expect(JSON.parse(put?.body ?? '{}')).toEqual({ monthlyPrice: '12.50' });
    expect(success.mock.calls[0]?.[0]).toContain('3 subscribers were told by email');
    expect(await screen.findByText(/Now \$12\.50 a month/)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows onboarding's limits in plain words and sends nothing", async () => {
    signInAs({ id: 'u-9' });
    const requests = stubServer(() => priceChanged(1250, 0));
    renderRoutes([{ path: '/edit-profile/:id', Component: EditProfilePage }], '/edit-profile/c-1');
    await typePrice('3');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The monthly price must be between $4.99 and $100',
    );
    await typePrice('');
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter your monthly price');
    await typePrice('9.99');
    expect((await screen.findByRole('alert')).textContent).toBe('Your monthly price is already this amount');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it("shows the server's refusal under the field", async () => {
    signInAs({ id: 'u-9' });
    stubServer(() =>
      json(400, {
        code: 'VALIDATION_FAILED',
        message: 'The monthly price must be between $4.99 and $100',
        fields: { monthlyPrice: 'The monthly price must be between $4.99 and $100' },
      }),
    );
    renderRoutes([{ path: '/edit-profile/:id', Component: EditProfilePage }], '/edit-profile/c-1');
    await typePrice('20');
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change price' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The monthly price must be between $4.99 and $100',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a page still in review is told when it can change its price', async () => {
    signInAs({ id: 'u-9' });
    stubServer(
      () => priceChanged(1250, 0),
      buildProfile({ status: 'pending_review', viewer: { isOwner: true, isFollowing: false } }),
    );
    renderRoutes([{ path: '/edit-profile/:id', Component: EditProfilePage }], '/edit-profile/c-1');
    expect(
      await screen.findByText(
        'Your price is $9.99 a month. You can change your price once your page is approved.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change price' })).toBeNull();
  });
});
