import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '#common/storage-keys.ts';
import { TooltipProvider } from '../../components/ui/tooltip.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { reloadSession } from '../../lib/session.ts';
import { fakeMatchMedia } from '../../test/fake-media-query.ts';
import { json, stubFetch } from '../../test/fetch-stub.ts';
import { AppLayout } from './app-layout.tsx';

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

function signIn() {
  localStorage.setItem(storageKeys.token, 'token-1');
  localStorage.setItem(
    storageKeys.user,
    JSON.stringify({ id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' }),
  );
  reloadSession();
}

afterEach(() => {
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
    const requests = stubFetch(() => json(200, { message: 'Logged out successfully' }));
    const router = renderLayoutAt('/wallet');
    const trigger = screen.getByRole('button', { name: 'Account menu for Ada Lovelace' });
    expect(within(trigger).getByText('AL').closest('[aria-hidden="true"]')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeTruthy();

    await userEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Profile', 'Dashboard', 'Logout']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Logout' }));

    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(localStorage.getItem(storageKeys.user)).toBeNull();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeTruthy();
    const logout = requests.find((request) => request.url === '/api/auth/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.get('authorization')).toBe('Bearer token-1');
  });

  it('offers creator review in the account menu to admins only', async () => {
    signIn();
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
