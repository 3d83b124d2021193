import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreatorProfile } from '#common/schemas/creators.ts';
import { Component as EditProfilePage } from '../../../app/routes/edit-profile.tsx';
import { json, type RecordedRequest, stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { buildProfile } from '../test/build-profile.ts';

const counts = { liked: 0, purchased: 0, purchasedMessages: 0 };

/** The edit page of a creator at $9.99 a month with these bundles; answers the save with `patch`. */
function renderEdit(
  bundles: CreatorProfile['bundles'],
  patch: (request: RecordedRequest) => Response = (request) =>
    json(200, { ...owner(bundles), ...JSON.parse(request.body ?? '{}') }),
) {
  const requests = stubFetch((request) => {
    if (request.url === '/api/creators/me' && request.method === 'GET')
      return json(200, { creator: owner(bundles), counts });
    if (request.url.startsWith('/api/creators/handle-availability'))
      return json(200, { handle: 'lena', available: true, message: 'This handle is available' });
    if (request.method === 'PATCH') return patch(request);
    return json(404, { message: 'Not found', code: 'NOT_FOUND' });
  });
  const view = renderRoutes(
    [
      { path: '/edit-profile/:id', Component: EditProfilePage },
      { path: '/public-profile/:id', element: <p>Public page</p> },
    ],
    '/edit-profile/c-1',
  );
  return { requests, ...view };
}

const owner = (bundles: CreatorProfile['bundles']) =>
  buildProfile({ viewer: { isOwner: true, isFollowing: false }, ...(bundles ? { bundles } : {}) });

const patchBody = (requests: RecordedRequest[]) =>
  JSON.parse(requests.find((request) => request.method === 'PATCH')?.body ?? 'null');

async function saveAndConfirm() {
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  const dialog = await screen.findByRole('dialog', { name: 'Save Changes?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('subscription bundles in Edit profile', () => {
  it('offers no bundle by default; turning one on shows the price fans pay as the discount is typed', async () => {
    signInAs({ id: 'u-9' });
    renderEdit(undefined);
    const three = await screen.findByRole('switch', { name: 'Offer 3 months' });
    const twelve = screen.getByRole('switch', { name: 'Offer 12 months' });
    expect((three as HTMLInputElement).checked).toBe(false);
    expect((twelve as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByLabelText('3-month discount (%)')).toBeNull();

    // Keyboard only: Space turns the bundle on, Tab reaches the discount.
    three.focus();
    await userEvent.keyboard(' ');
    expect((three as HTMLInputElement).checked).toBe(true);
    await userEvent.tab();
    const discount = screen.getByLabelText('3-month discount (%)');
    expect(document.activeElement).toBe(discount);
    await userEvent.keyboard('15');
    // 3 x $9.99 x 0.85 = $25.4745, rounded down.
    expect(screen.getByText('Fans pay $25.47 for 3 months instead of $29.97 · Save 15%')).toBeTruthy();
    await userEvent.clear(discount);
    await userEvent.type(discount, '0');
    expect(screen.getByText('Fans pay $29.97 for 3 months, the same as monthly')).toBeTruthy();
  });

  it('refuses a discount over 60 with the message and sends nothing; then sends the two bundles', async () => {
    signInAs({ id: 'u-9' });
    const { requests, router } = renderEdit(undefined);
    await userEvent.click(await screen.findByRole('switch', { name: 'Offer 3 months' }));
    await userEvent.type(screen.getByLabelText('3-month discount (%)'), '15');
    await userEvent.click(screen.getByRole('switch', { name: 'Offer 12 months' }));
    const twelve = screen.getByLabelText('12-month discount (%)');
    await userEvent.type(twelve, '61');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe('The discount must be a whole number from 0 to 60');
    expect(twelve.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    // An empty discount on a bundle that is on is refused too.
    await userEvent.clear(twelve);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a discount, or turn this bundle off');
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);

    await userEvent.type(twelve, '33');
    expect(screen.getByText('Fans pay $80.31 for 12 months instead of $119.88 · Save 33%')).toBeTruthy();
    await saveAndConfirm();
    await waitFor(() => expect(router.state.location.pathname).toBe('/public-profile/lena'));
    expect(patchBody(requests)).toEqual({
      displayName: 'Lena Park',
      username: '@lena',
      bio: 'Film photographer in Seoul.',
      threeMonthDiscountPercent: 15,
      twelveMonthDiscountPercent: 33,
    });
  });

  it('shows the bundles offered now and sends only what changed: a bundle turned off is null', async () => {
    signInAs({ id: 'u-9' });
    const { requests, router } = renderEdit({
      threeMonthDiscountPercent: 10,
      twelveMonthDiscountPercent: 25,
    });
    const three = await screen.findByRole('switch', { name: 'Offer 3 months' });
    expect((three as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('3-month discount (%)') as HTMLInputElement).value).toBe('10');
    expect((screen.getByLabelText('12-month discount (%)') as HTMLInputElement).value).toBe('25');
    await userEvent.click(three);
    expect(screen.queryByLabelText('3-month discount (%)')).toBeNull();
    await saveAndConfirm();
    await waitFor(() => expect(router.state.location.pathname).toBe('/public-profile/lena'));
    expect(patchBody(requests)).toEqual({
      displayName: 'Lena Park',
      username: '@lena',
      bio: 'Film photographer in Seoul.',
      threeMonthDiscountPercent: null,
    });
  });

  it("shows the server's message next to the discount it refused", async () => {
    signInAs({ id: 'u-9' });
    const message = 'The discount must be a whole number from 0 to 60';
    renderEdit(undefined, () =>
      json(400, { message, code: 'VALIDATION_FAILED', fields: { twelveMonthDiscountPercent: message } }),
    );
    await userEvent.click(await screen.findByRole('switch', { name: 'Offer 12 months' }));
    await userEvent.type(screen.getByLabelText('12-month discount (%)'), '20');
    await saveAndConfirm();
    expect(await screen.findByText(message, { selector: '[role="alert"]' })).toBeTruthy();
    expect(screen.getByLabelText('12-month discount (%)').getAttribute('aria-invalid')).toBe('true');
  });
});
