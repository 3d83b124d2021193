import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreatorProfile } from '#common/schemas/creators.ts';
import { storageKeys } from '#common/storage-keys.ts';
import { TooltipProvider } from '../../components/ui/tooltip.tsx';
import { buildProfile } from '../../features/creators/test/build-profile.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { reloadSession } from '../../lib/session.ts';
import { fakeMatchMedia } from '../../test/fake-media-query.ts';
import { json, stubFetch } from '../../test/fetch-stub.ts';
import { AppLayout } from './app-layout.tsx';
import { menu } from './menu-store.ts';

function renderLayoutAt(path: string) {
  // A phone-sized screen: no side panel, so nothing is fetched.
  fakeMatchMedia(false);
  const router = createMemoryRouter(
    [{ Component: AppLayout, children: [{ path: '*', element: <p>Page content</p> }] }],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TooltipProvider>
        <RouterProvider router={router} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return router;
}

/** GET /api/creators/me: the viewer's creator page (null for a fan). */
const myCreator = (creator: CreatorProfile | null) => ({
  creator,
  counts: { liked: 0, purchased: 0, purchasedMessages: 0 },
});

function signIn() {
  localStorage.setItem(storageKeys.token, 'token-1');
  localStorage.setItem(
    storageKeys.user,
    JSON.stringify({ id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' }),
  );
  reloadSession();
}

afterEach(() => {
  menu.setMobileOpen(false);
  vi.unstubAllGlobals();
  localStorage.clear();
  reloadSession();
});

describe('AppLayout', () => {
  it('has the landmarks and the signed-out account buttons', () => {
    renderLayoutAt('/');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    expect(within(banner).getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('main').textContent).toContain('Page content');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Quick actions' })).toBeTruthy();
  });

  it('shows the logo alone on the sign-in page, without the bottom bar', () => {
    renderLayoutAt('/login');
    const banner = screen.getByRole('banner');
    expect(
      within(banner)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual(['Fanplace home']);
    expect(within(banner).queryByRole('search')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Quick actions' })).toBeNull();
  });

  it('hides the bottom bar on messages', () => {
    renderLayoutAt('/message');
    expect(screen.queryByRole('navigation', { name: 'Quick actions' })).toBeNull();
  });

  it('shows initials for a signed-in user and logs out from the account menu', async () => {
    signIn();
    const requests = stubFetch((request) =>
      request.url === '/api/creators/me'
        ? json(200, myCreator(null))
        : json(200, { message: 'Logged out successfully' }),
    );
    const router = renderLayoutAt('/wallet');
    const trigger = screen.getByRole('button', { name: 'Account menu for Ada Lovelace' });
    expect(within(trigger).getByText('AL').closest('[aria-hidden="true"]')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeTruthy();

    await userEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    // A fan: no Dashboard (it is for creators).
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Profile', 'Logout']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Logout' }));

    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(localStorage.getItem(storageKeys.user)).toBeNull();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeTruthy();
    const logout = requests.find((request) => request.url === '/api/auth/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.get('authorization')).toBe('Bearer token-1');
  });

  describe('what each role is offered', () => {
    const menuItems = async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Account menu for Ada Lovelace' }));
      return within(await screen.findByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent);
    };
    const answering = (creator: CreatorProfile | null) =>
      stubFetch((request) =>
        request.url === '/api/creators/me'
          ? json(200, myCreator(creator))
          : json(404, { message: 'Not found', code: 'NOT_FOUND' }),
      );
    const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

    it('a fan: Become a Creator in the menu, and Profile and Logout under the avatar', async () => {
      signIn();
      answering(null);
      renderLayoutAt('/wallet');
      expect(
        (await within(mainNav()).findByRole('link', { name: 'Become a Creator' })).getAttribute('href'),
      ).toBe('/creator');
      expect(await menuItems()).toEqual(['Profile', 'Logout']);
    });

    it('a creator whose page is not approved yet: still no Dashboard', async () => {
      signIn();
      answering(buildProfile({ status: 'pending_review', viewer: { isOwner: true, isFollowing: false } }));
      renderLayoutAt('/wallet');
      await within(mainNav()).findByRole('link', { name: 'Become a Creator' });
      expect(await menuItems()).toEqual(['Profile', 'Logout']);
    });

    it('an approved creator: Dashboard under the avatar, and never Become a Creator', async () => {
      signIn();
      answering(buildProfile({ viewer: { isOwner: true, isFollowing: false } }));
      const router = renderLayoutAt('/wallet');
      await userEvent.click(screen.getByRole('button', { name: 'Account menu for Ada Lovelace' }));
      const menu = await screen.findByRole('menu');
      await within(menu).findByRole('menuitem', { name: 'Dashboard' });
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).toEqual(['Profile', 'Dashboard', 'Trace a leak', 'Logout']);
      // Anywhere on the page (`hidden`: the open menu hides the rest from the accessibility tree).
      expect(screen.queryByRole('link', { name: 'Become a Creator', hidden: true })).toBeNull();
      await userEvent.click(within(menu).getByRole('menuitem', { name: 'Dashboard' }));
      expect(router.state.location.pathname).toBe('/');
    });

    it("an approved creator's phone menu has no Become a Creator either", async () => {
      signIn();
      answering(buildProfile({ viewer: { isOwner: true, isFollowing: false } }));
      renderLayoutAt('/wallet');
      // Dashboard under the avatar: the app knows this viewer is a creator by now.
      expect(await menuItems()).toEqual(['Profile', 'Dashboard', 'Trace a leak', 'Logout']);
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
      act(() => menu.setMobileOpen(true));
      // The sheet's code loads on the first open.
      const site = await screen.findByRole('navigation', { name: 'Site' }, { timeout: 10_000 });
      await waitFor(() => expect(within(site).getByRole('link', { name: 'Wallet' })).toBeTruthy());
      expect(within(site).queryByRole('link', { name: 'Become a Creator' })).toBeNull();
    }, 20_000);

    it('while the answer is on its way: neither Become a Creator nor Dashboard', async () => {
      signIn();
      stubFetch(() => new Promise<Response>(() => {}));
      renderLayoutAt('/wallet');
      expect(within(mainNav()).getByRole('link', { name: 'Wallet' })).toBeTruthy();
      expect(within(mainNav()).queryByRole('link', { name: 'Become a Creator' })).toBeNull();
      expect(await menuItems()).toEqual(['Profile', 'Logout']);
    });
  });

  it('offers creator review in the account menu to admins only', async () => {
    signIn();
    stubFetch(() => json(404, { message: 'Not found', code: 'NOT_FOUND' }));
    localStorage.setItem(
      storageKeys.user,
      JSON.stringify({
        id: 'u1',
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        role: 'admin',
      }),
    );
    reloadSession();
    const router = renderLayoutAt('/wallet');
    await userEvent.click(screen.getByRole('button', { name: 'Account menu for Ada Lovelace' }));
    const menu = await screen.findByRole('menu');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Creator review' }));
    expect(router.state.location.pathname).toBe('/admin/creators');
  });

  it('searching opens Discover with the query', async () => {
    const router = renderLayoutAt('/');
    const [search] = screen.getAllByRole('searchbox', { name: 'Search creators' });
    if (!search) throw new Error('no search box');
    await userEvent.type(search, 'cats{Enter}');
    expect(router.state.location.pathname).toBe('/discover');
    expect(router.state.location.search).toBe('?q=cats');
  });
});
