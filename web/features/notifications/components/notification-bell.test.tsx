import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationView } from '#common/events.ts';
import { eventStream, useEventStreamConnection } from '../../../lib/event-stream.ts';
import { json, type RecordedRequest, stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { NotificationBell } from './notification-bell.tsx';
import { NotificationSync } from './notification-sync.tsx';

const ME = 'u-1';

function Harness() {
  useEventStreamConnection('token-1');
  return (
    <>
      <NotificationSync userId={ME} />
      <NotificationBell userId={ME} />
    </>
  );
}

/** `/api/events` is a stream the test writes to; the notifications endpoints answer from `items`. */
function serve(items: NotificationView[]) {
  const encoder = new TextEncoder();
  let stream: ReadableStreamDefaultController<Uint8Array> | null = null;
  const requests: RecordedRequest[] = stubFetch((request) => {
    if (request.url.includes('/api/events')) {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          stream = controller;
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    }
    if (request.method === 'POST') return new Response(null, { status: 204 });
    return json(200, { items, unread: items.filter((item) => !item.read).length, nextCursor: null });
  });
  return {
    requests,
    opened: () => stream !== null,
    push(notification: NotificationView, unread: number) {
      stream?.enqueue(
        encoder.encode(`id: 5\nevent: notification\ndata: ${JSON.stringify({ notification, unread })}\n\n`),
      );
    },
  };
}

const follow: NotificationView = {
  id: 'n-1',
  kind: 'follow',
  text: 'Femi Fan followed you',
  actor: { id: 'u-2', name: 'Femi Fan', avatarUrl: null },
  link: null,
  read: false,
  createdAt: new Date(Date.now() - 120_000).toISOString(),
};

/** By attribute: an open menu hides the rest of the page from the accessibility tree. */
const bellLabel = () =>
  document.querySelector('button[aria-label^="Notifications"]')?.getAttribute('aria-label');

beforeEach(() => {
  signInAs({ id: ME });
});

afterEach(() => {
  cleanup();
  eventStream.stop();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('the notification bell', () => {
  it('says when there is nothing yet', async () => {
    serve([]);
    renderRoutes([{ path: '/', Component: Harness }], '/');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    const menu = await screen.findByRole('menu');
    expect(await within(menu).findByText('No notifications yet')).toBeTruthy();
  });

  it('counts a pushed notification, lists it with its time, and marks all read when opened', async () => {
    const api = serve([{ ...follow, id: 'n-0', text: 'Old news', read: true }]);
    renderRoutes([{ path: '/', Component: Harness }], '/');
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(api.opened()).toBe(true));

    act(() => api.push(follow, 1));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    const menu = await screen.findByRole('menu');
    const items = await within(menu).findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'FFFemi Fan followed you2 minNew',
      'FFOld news2 min',
    ]);
    await waitFor(() => expect(bellLabel()).toBe('Notifications'));
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      '/api/notifications/read',
    ]);
  });

  it('marks a payout notice with its icon and refreshes the money screens', async () => {
    const api = serve([]);
    const { queryClient } = renderRoutes([{ path: '/', Component: Harness }], '/');
    queryClient.setQueryData(['fan-payments', 'wallet', ME], { cached: true });
    queryClient.setQueryData(['fan-payments', 'payouts', 'history', ME], { cached: true });
    queryClient.setQueryData(['posts', 'feed'], { cached: true });
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(api.opened()).toBe(true));

    act(() =>
      api.push(
        {
          ...follow,
          id: 'n-9',
          kind: 'payout',
          text: 'Your payout of $12.00 was paid to Guaranty Trust Bank •••• 6789',
          actor: null,
        },
        1,
      ),
    );
    await waitFor(() =>
      expect(queryClient.getQueryState(['fan-payments', 'wallet', ME])?.isInvalidated).toBe(true),
    );
    expect(queryClient.getQueryState(['fan-payments', 'payouts', 'history', ME])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['posts', 'feed'])?.isInvalidated).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    const menu = await screen.findByRole('menu');
    const [item] = await within(menu).findAllByRole('menuitem');
    expect(item?.textContent).toMatch(/^Your payout of \$12\.00 was paid/);
    expect(item?.querySelectorAll('svg.lucide-banknote')).toHaveLength(2);
  });
});
