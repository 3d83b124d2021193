import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SupportTicket } from '#common/schemas/safety.ts';
import { Component as AdminSupportPage } from '../../../app/routes/admin-support.tsx';
import { Component as AdminSupportTicketPage } from '../../../app/routes/admin-support-ticket.tsx';
import { toast } from '../../../lib/toast.ts';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';

function buildTicket(overrides: Partial<SupportTicket> = {}): SupportTicket {
  return {
    id: 't-1',
    userId: null,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    category: 'billing',
    subject: 'Charged twice',
    message: 'I was charged twice for one subscription.',
    status: 'open',
    replies: [],
    ageDays: 0,
    createdAt: '2026-01-05T10:00:00.000Z',
    closedAt: null,
    ...overrides,
  };
}

const routes = [
  { path: '/admin/support', Component: AdminSupportPage },
  { path: '/admin/support/:id', Component: AdminSupportTicketPage },
];
const renderAt = (path: string) => renderRoutes(routes, path);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('support queue', () => {
  it('is for admins only', () => {
    signInAs({ role: 'user' });
    const requests = stubFetch(() => json(200, { items: [], nextCursor: null }));
    renderAt('/admin/support');
    expect(screen.getByRole('heading', { name: 'You need to be an admin' })).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('lists open requests with their age against the 24-hour promise, and opens one', async () => {
    signInAs({ role: 'admin' });
    const requests = stubFetch((request) =>
      request.url.startsWith('/api/admin/support?')
        ? json(200, {
            items: [
              buildTicket({ ageDays: 2 }),
              buildTicket({
                id: 't-2',
                subject: 'Login help',
                replies: [
                  { id: 'x', message: 'Hi', adminName: 'Grace', createdAt: '2026-01-05T11:00:00.000Z' },
                ],
              }),
            ],
            nextCursor: null,
          })
        : json(200, buildTicket()),
    );
    const { router } = renderAt('/admin/support');
    const first = await screen.findByRole('article', { name: 'Charged twice' });
    expect(within(first).getByText('2 days old · past the 24-hour goal')).toBeTruthy();
    expect(within(first).getByText(/Ada Lovelace · ada@example.com · Billing/)).toBeTruthy();
    const answered = screen.getByRole('article', { name: 'Login help' });
    expect(within(answered).getByText('Answered')).toBeTruthy();
    expect(within(answered).getByText('1 reply')).toBeTruthy();
    expect(requests[0]?.url).toBe('/api/admin/support?status=open&limit=20');

    await userEvent.click(within(first).getByRole('link', { name: 'Charged twice' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/support/t-1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Charged twice' })).toBeTruthy();
  });

  it('shows closed requests newest first when asked', async () => {
    signInAs({ role: 'admin' });
    const requests = stubFetch(() => json(200, { items: [], nextCursor: null }));
    renderAt('/admin/support?status=closed');
    expect(await screen.findByRole('heading', { name: 'No closed requests' })).toBeTruthy();
    expect(requests[0]?.url).toBe('/api/admin/support?status=closed&limit=20');
  });
});

describe('support request', () => {
  it('needs a reply text, sends it by email and shows it in the thread, then closes the request', async () => {
    signInAs({ role: 'admin' });
    const success = vi.spyOn(toast, 'success');
    let ticket = buildTicket();
    const requests = stubFetch((request) => {
      if (request.url === '/api/admin/support/t-1/reply') {
        const { message } = JSON.parse(request.body ?? '{}') as { message: string };
        ticket = {
          ...ticket,
          replies: [
            { id: 'rp-1', message, adminName: 'Grace Hopper', createdAt: '2026-01-05T12:00:00.000Z' },
          ],
        };
        return json(200, ticket);
      }
      if (request.url === '/api/admin/support/t-1/close') {
        ticket = { ...ticket, status: 'closed', closedAt: '2026-01-05T13:00:00.000Z' };
        return json(200, ticket);
      }
      return json(200, ticket);
    });
    renderAt('/admin/support/t-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Charged twice' })).toBeTruthy();
    expect(screen.getByText('I was charged twice for one subscription.')).toBeTruthy();
    expect(document.title).toBe('Support: Charged twice | Fanplace');

    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Please write a reply')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Reply to Ada Lovelace'), 'We refunded the second charge.');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Reply sent to ada@example.com'));
    const thread = screen.getByRole('list', { name: 'Conversation' });
    expect(within(thread).getByText('We refunded the second charge.')).toBeTruthy();
    expect(within(thread).getByText(/Grace Hopper replied on/)).toBeTruthy();
    expect((screen.getByLabelText('Reply to Ada Lovelace') as HTMLTextAreaElement).value).toBe('');

    await userEvent.click(screen.getByRole('button', { name: 'Close request' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Support request closed'));
    expect(await screen.findByText('This request is closed; it takes no more replies.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send reply' })).toBeNull();
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.url)).toEqual([
      '/api/admin/support/t-1/reply',
      '/api/admin/support/t-1/close',
    ]);
  });

  it('says when the request does not exist', async () => {
    signInAs({ role: 'admin' });
    stubFetch(() => json(404, { message: 'Support request not found', code: 'NOT_FOUND' }));
    renderAt('/admin/support/missing');
    expect(await screen.findByRole('heading', { name: 'Support request not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All support requests' })).toBeTruthy();
  });
});
