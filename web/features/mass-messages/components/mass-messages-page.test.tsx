import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MassMessageView } from '#common/schemas/mass-messages.ts';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { MassMessagesPage } from './mass-messages-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOutForTest();
});

const audiences = {
  subscribers: 0,
  followers: 3,
  expired: 1,
  lists: [{ id: 'l-1', name: 'VIP', count: 2 }],
};

const sentOne: MassMessageView = {
  id: 'mm-1',
  audience: 'list',
  audienceName: 'VIP',
  text: 'Just for you',
  itemCount: 1,
  price: { amount: 500, currency: 'USD' },
  status: 'sent',
  recipients: 2,
  delivered: 2,
  viewed: 1,
  purchased: 1,
  earned: { amount: 400, currency: 'USD' },
  createdAt: '2026-11-20T10:00:00.000Z',
};

const render = () =>
  renderRoutes([{ path: '/mass-messages', element: <MassMessagesPage /> }], '/mass-messages');

describe('the Mass messages page', () => {
  it('counts each audience, refuses an empty one in words, and sends to the chosen list', async () => {
    signInAs();
    const sent: unknown[] = [];
    let history: MassMessageView[] = [];
    stubFetch((request) => {
      if (request.url === '/api/mass-messages/audiences') return json(200, audiences);
      if (request.url.startsWith('/api/mass-messages') && request.method === 'GET')
        return json(200, { items: history, nextCursor: null });
      if (request.url === '/api/mass-messages' && request.method === 'POST') {
        sent.push(JSON.parse(request.body ?? '{}'));
        history = [sentOne];
        return json(202, sentOne);
      }
      if (request.url.startsWith('/api/fan-lists')) return json(200, { items: [] });
      return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    });
    render();

    expect(await screen.findByText('No mass messages yet')).toBeTruthy();
    const subscribers = await screen.findByRole('radio', { name: /All active subscribers/ });
    expect(subscribers).toHaveProperty('checked', true);
    await userEvent.type(screen.getByLabelText('Message', { exact: true }), 'Just for you');
    await userEvent.click(screen.getByRole('button', { name: 'Send to 0 fans' }));
    expect(await screen.findByText('No one to send this to: this audience is empty right now.')).toBeTruthy();
    expect(sent).toEqual([]);

    await userEvent.click(screen.getByRole('radio', { name: /List: VIP/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Send to 2 fans' }));
    await waitFor(() => expect(sent).toEqual([{ audience: 'list', listId: 'l-1', text: 'Just for you' }]));

    const row = within(await screen.findByRole('list', { name: 'Your mass messages' })).getByRole('listitem');
    expect(within(row).getByText('VIP')).toBeTruthy();
    expect(within(row).getByText('$4.00')).toBeTruthy();
    expect(within(row).getByText('1 item · $5 to unlock')).toBeTruthy();
  });

  it('links to where fans are added to a list: Settings, Manage Subscriptions, Your subscribers', async () => {
    signInAs();
    stubFetch((request) => {
      if (request.url === '/api/mass-messages/audiences') return json(200, audiences);
      if (request.url.startsWith('/api/mass-messages')) return json(200, { items: [], nextCursor: null });
      if (request.url.startsWith('/api/fan-lists')) return json(200, { items: [] });
      return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    });
    render();
    const link = await screen.findByRole('link', { name: 'Your subscribers' });
    expect(link.getAttribute('href')).toBe('/settings?tab=payments&view=subscriptions');
    expect(link.closest('p')?.textContent).toBe(
      'Add fans to a list from Your subscribers in Settings › Payment & Subscription › Manage Subscriptions: open a subscriber’s … menu and choose Add to a list.',
    );
  });

  it('tells someone who is not an approved creator what the page is for', async () => {
    signInAs();
    stubFetch(() =>
      json(403, { message: 'Only approved creators can send mass messages', code: 'FORBIDDEN' }),
    );
    render();
    expect(await screen.findByText('For approved creators')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Become a Creator' })).toBeTruthy();
  });
});
