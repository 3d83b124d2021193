import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Takedown } from '#common/schemas/leaks.ts';
import { Component as AdminTakedownsPage } from '../../../app/routes/admin-takedowns.tsx';
import { toast } from '../../../lib/toast.ts';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';

function buildTakedown(overrides: Partial<Takedown> = {}): Takedown {
  return {
    id: 't-1',
    status: 'sent',
    foundUrl: 'https://leaks.example/set/42',
    mediaId: 'm-1',
    tracedAccount: { id: 'u-9', name: '@iris', suspended: false },
    notice: 'To the site operator: the photo at https://leaks.example/set/42 is mine.',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

const renderPage = () =>
  renderRoutes([{ path: '/admin/takedowns', Component: AdminTakedownsPage }], '/admin/takedowns');

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('takedowns for admins', () => {
  it('is for admins only, without asking the server', () => {
    signInAs({ role: 'user' });
    const requests = stubFetch(() => json(200, { items: [] }));
    renderPage();
    expect(screen.getByRole('heading', { name: 'You need to be an admin' })).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('shows a loading state, then says when there are none', async () => {
    signInAs({ role: 'admin' });
    let answer: (response: Response) => void = () => {};
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderPage();
    expect(screen.getByText('Loading takedowns…')).toBeTruthy();
    answer(json(200, { items: [] }));
    expect(await screen.findByRole('heading', { name: 'No takedowns yet' })).toBeTruthy();
  });

  it('says what went wrong, and tries again', async () => {
    signInAs({ role: 'admin' });
    let fail = true;
    stubFetch(() =>
      fail ? json(500, { code: 'INTERNAL', message: 'The server had a problem' }) : json(200, { items: [] }),
    );
    renderPage();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'No takedowns yet' })).toBeTruthy();
  });

  it('lists a takedown with its traced account, and suspends that account after a confirm step', async () => {
    signInAs({ role: 'admin' });
    const success = vi.spyOn(toast, 'success');
    let suspended = false;
    const requests = stubFetch((request) => {
      if (request.method === 'POST') {
        suspended = true;
        return json(200, buildTakedown({ tracedAccount: { id: 'u-9', name: '@iris', suspended: true } }));
      }
      return json(200, {
        items: [
          buildTakedown({ tracedAccount: { id: 'u-9', name: '@iris', suspended } }),
          buildTakedown({
            id: 't-2',
            foundUrl: 'https://other.example/x',
            tracedAccount: null,
            status: 'open',
          }),
        ],
      });
    });
    renderPage();
    const card = await screen.findByRole('article', { name: 'https://leaks.example/set/42' });
    expect(within(card).getByText('Sent to the host')).toBeTruthy();
    expect(within(card).getByText('@iris')).toBeTruthy();
    const untraced = screen.getByRole('article', { name: 'https://other.example/x' });
    expect(within(untraced).getByText(/No account/)).toBeTruthy();
    expect(within(untraced).queryByRole('button', { name: /Suspend/ })).toBeNull();

    await userEvent.click(within(card).getByRole('button', { name: 'Suspend @iris' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend @iris?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await userEvent.click(within(card).getByRole('button', { name: 'Suspend @iris' }));
    const again = await screen.findByRole('dialog', { name: 'Suspend @iris?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Suspend account' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('@iris is suspended'));
    expect(requests.find((request) => request.method === 'POST')?.url).toBe(
      '/api/admin/takedowns/t-1/suspend',
    );
    expect(await within(card).findByText('Suspended')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Suspend @iris' })).toBeNull();
  });
});
