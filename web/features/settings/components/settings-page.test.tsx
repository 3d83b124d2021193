import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as SettingsPage } from '../../../app/routes/settings.tsx';
import { json } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { buildSession, page, stubSettingsApi } from '../test/settings-api.ts';

const renderSettings = (path = '/settings') =>
  renderRoutes([{ path: '/settings', Component: SettingsPage }], path);

const api = () =>
  stubSettingsApi({
    'GET /api/auth/sessions': () => json(200, { items: [buildSession()] }),
    'GET /api/me/blocks': () => page([]),
    'GET /api/me/email': () => json(200, { email: 'ada@example.com', pending: null }),
  });

afterEach(() => {
  // Unmounted first, so no refetch can start once fetch is real again.
  cleanup();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('settings page', () => {
  it('asks a visitor to sign in, keeps Appearance, and calls no API', () => {
    const requests = api();
    renderSettings();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Account' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Sign in to continue' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Appearance' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Fonts/ }).getAttribute('href')).toBe('/settings/fonts');
    expect(requests).toHaveLength(0);
  });

  it('lets a visitor write to support without an account', async () => {
    const requests = api();
    renderSettings('/settings?tab=support');
    const form = screen.getByRole('region', { name: 'Contact Support' });
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect((within(form).getByLabelText('Email') as HTMLInputElement).value).toBe('');
    await userEvent.click(screen.getByRole('tab', { name: 'Privacy & Safety' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to continue' })).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('shows the four tabs in the spec order and opens Account by default', () => {
    signInAs({ createdAt: '2026-01-02T10:00:00.000Z' });
    api();
    renderSettings();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Account', 'Payment & Subscription', 'Privacy & Safety', 'Support']);
    expect(screen.getByRole('tab', { name: 'Account' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Personal Info' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Appearance' })).toBeTruthy();
  });

  it('opens the tab a link names, and puts the chosen tab in the URL', async () => {
    signInAs();
    api();
    const { router } = renderSettings('/settings?tab=support');
    expect(screen.getByRole('tab', { name: 'Support' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Contact Support' })).toBeTruthy();

    await userEvent.click(screen.getByRole('tab', { name: 'Privacy & Safety' }));
    expect(router.state.location.search).toBe('?tab=privacy-safety');
    expect(await screen.findByRole('heading', { name: 'Blocked Users' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Contact Support' })).toBeNull();
  });

  it('moves between tabs with the arrow keys', async () => {
    signInAs();
    api();
    const { router } = renderSettings('/settings?tab=account');
    screen.getByRole('tab', { name: 'Account' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('Payment & Subscription');
    expect(router.state.location.search).toBe('?tab=payments');
  });

  it('falls back to Account for a tab it does not know', () => {
    signInAs();
    api();
    renderSettings('/settings?tab=nonsense');
    expect(screen.getByRole('tab', { name: 'Account' }).getAttribute('aria-selected')).toBe('true');
  });
});
