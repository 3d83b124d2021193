import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as SettingsPage } from '../../../app/routes/settings.tsx';
import { getSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { json } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { buildProfile } from '../../creators/test/build-profile.ts';
import { buildBlockedUser, page, stubSettingsApi } from '../test/settings-api.ts';

const renderPrivacy = () =>
  renderRoutes(
    [
      { path: '/settings', Component: SettingsPage },
      { path: '/', element: <h1>Home page</h1> },
    ],
    '/settings?tab=privacy-safety',
  );

const mallory = buildBlockedUser();
const trent = buildBlockedUser({
  id: '0195f1a0-0000-7000-8000-000000000002',
  name: 'Trent Vale',
  handle: 'trent',
});

afterEach(() => {
  // Unmounted first, so no refetch can start once fetch is real again.
  cleanup();
  vi.unstubAllGlobals();
  signOutForTest();
});

async function openRowMenu(who: string, item: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for ${who}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
  return screen.findByRole('dialog');
}

describe('Blocked Users', () => {
  it('lists the people you blocked and searches them by name or @handle', async () => {
    signInAs();
    const requests = stubSettingsApi({
      'GET /api/me/blocks': (request) =>
        new URL(request.url, 'http://localhost').searchParams.get('q') === 'trent'
          ? page([trent])
          : page([mallory, trent]),
    });
    renderPrivacy();
    const list = await screen.findByRole('list', { name: 'Blocked users' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Mallory Stone')).toBeTruthy();
    expect(within(list).getAllByText('Blocked').length).toBeGreaterThan(0);

    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Search blocked users by name or handle' }),
      'trent',
    );
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByText('@trent')).toBeTruthy();
    expect(list.textContent).not.toContain('@example.com');
    expect(requests.at(-1)?.url).toBe('/api/me/blocks?q=trent&limit=20');
    expect(requests.at(-1)?.headers.get('authorization')).toBe('Bearer token-1');
  });

  it('has an empty state, and another one for a search without matches', async () => {
    signInAs();
    stubSettingsApi({ 'GET /api/me/blocks': () => page([]) });
    renderPrivacy();
    expect(await screen.findByRole('heading', { name: 'You have not blocked anyone' })).toBeTruthy();
    await userEvent.type(screen.getByRole('searchbox'), 'zed');
    expect(await screen.findByRole('heading', { name: 'No matches' })).toBeTruthy();
    expect(screen.getByText("No one you blocked has a name or handle containing 'zed'.")).toBeTruthy();
  });

  it('unblocks after the confirm dialog, and Cancel changes nothing', async () => {
    signInAs();
    let blocked = [mallory, trent];
    const success = vi.spyOn(toast, 'success');
    const requests = stubSettingsApi({
      'GET /api/me/blocks': () => page(blocked),
      [`DELETE /api/me/blocks/${mallory.id}`]: () => {
        blocked = [trent];
        return json(200, { message: 'User unblocked' });
      },
    });
    renderPrivacy();
    let dialog = await openRowMenu('Mallory Stone', 'Unblock');
    expect(within(dialog).getByRole('heading', { name: 'Unblock Mallory Stone?' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    dialog = await openRowMenu('Mallory Stone', 'Unblock');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unblock' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(success).toHaveBeenCalledWith('User unblocked');
    await waitFor(() => expect(screen.queryByText('Mallory Stone')).toBeNull());
    expect(screen.getByText('Trent Vale')).toBeTruthy();
  });

  it('explains what Delete User removes before doing it', async () => {
    signInAs();
    const success = vi.spyOn(toast, 'success');
    const requests = stubSettingsApi({
      'GET /api/creators/me': () =>
        json(200, { creator: buildProfile(), counts: { liked: 0, purchased: 0, purchasedMessages: 0 } }),
      'GET /api/me/blocks': () => page([mallory]),
      [`POST /api/me/blocks/${mallory.id}/remove`]: () =>
        json(200, { message: 'User removed from your followers, subscribers and messages' }),
    });
    renderPrivacy();
    const dialog = await openRowMenu('Mallory Stone', 'Delete User');
    expect(await within(dialog).findByText('they are removed from your followers;')).toBeTruthy();
    expect(
      within(dialog).getByText(
        /their subscription to you ends now, and the unused part of what they paid is refunded/,
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText(/your conversation with them is hidden/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((request) => request.url === `/api/me/blocks/${mallory.id}/remove`)).toBe(true);
    expect(success).toHaveBeenCalledWith('User removed from your followers, subscribers and messages');
  });

  it('speaks to someone without a creator page only of the conversation Delete User hides', async () => {
    signInAs();
    stubSettingsApi({
      'GET /api/creators/me': () =>
        json(200, { creator: null, counts: { liked: 0, purchased: 0, purchasedMessages: 0 } }),
      'GET /api/me/blocks': () => page([mallory]),
    });
    renderPrivacy();
    const dialog = await openRowMenu('Mallory Stone', 'Delete User');
    expect(await within(dialog).findByText(/your conversation with them is hidden/)).toBeTruthy();
    expect(within(dialog).queryByText(/followers/)).toBeNull();
    expect(within(dialog).queryByText(/subscription/)).toBeNull();
  });

  it('shows what is known of a blocked person, and unblocks from there', async () => {
    signInAs();
    const requests = stubSettingsApi({
      'GET /api/me/blocks': () => page([trent]),
      [`DELETE /api/me/blocks/${trent.id}`]: () => json(200, { message: 'User unblocked' }),
    });
    renderPrivacy();
    const dialog = await openRowMenu('Trent Vale (@trent)', 'View Profile');
    expect(within(dialog).getByRole('heading', { name: 'Trent Vale' })).toBeTruthy();
    expect(within(dialog).getByText('@trent')).toBeTruthy();
    expect(within(dialog).getByText('10 February 2026')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unblock' }));
    const confirm = await screen.findByRole('dialog', { name: 'Unblock Trent Vale (@trent)?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Unblock' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'DELETE')).toBe(true));
  });
});

// Download my data: your-data.test.tsx.
describe('Your data', () => {
  it('deletes the account with the password, then signs out and goes home', async () => {
    signInAs();
    const requests = stubSettingsApi({
      'GET /api/me/blocks': () => page([]),
      'POST /api/me/delete': (request) =>
        JSON.parse(request.body ?? '{}').password === 'right-password'
          ? json(200, { message: 'Your account was deleted' })
          : json(400, {
              message: 'Current password is incorrect',
              code: 'BAD_REQUEST',
              fields: { password: 'Current password is incorrect' },
            }),
    });
    renderPrivacy();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Current password is required')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText('Password'), 'wrong-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Current password is incorrect')).toBeTruthy();
    expect(getSession()).not.toBeNull();

    await userEvent.clear(within(dialog).getByLabelText('Password'));
    await userEvent.type(within(dialog).getByLabelText('Password'), 'right-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('Hide my page in countries', () => {
  it('is never asked for on a fan’s tab (only a creator has a page to hide)', async () => {
    signInAs();
    const requests = stubSettingsApi({
      'GET /api/me/blocks': () => page([]),
      'GET /api/creators/me': () =>
        json(200, { creator: null, counts: { liked: 0, purchased: 0, purchasedMessages: 0 } }),
    });
    renderPrivacy();
    expect(await screen.findByRole('heading', { name: 'You have not blocked anyone' })).toBeTruthy();
    await waitFor(() => expect(requests.some((request) => request.url === '/api/creators/me')).toBe(true));
    expect(requests.filter((request) => request.url.includes('blocked-countries'))).toEqual([]);
    expect(screen.queryByRole('heading', { name: 'Hide my page in countries' })).toBeNull();
  });

  it('is shown to a creator, with the countries their page is hidden in', async () => {
    signInAs();
    stubSettingsApi({
      'GET /api/me/blocks': () => page([]),
      'GET /api/creators/me': () =>
        json(200, { creator: buildProfile(), counts: { liked: 0, purchased: 0, purchasedMessages: 0 } }),
      'GET /api/creators/me/blocked-countries': () => json(200, { countries: ['GB'] }),
    });
    renderPrivacy();
    expect(await screen.findByRole('heading', { name: 'Hide my page in countries' })).toBeTruthy();
    expect(await screen.findByRole('list', { name: 'Hidden in' })).toBeTruthy();
  });
});
