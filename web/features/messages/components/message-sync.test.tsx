import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, Conversation } from '#common/schemas/messages.ts';
import { eventStream, useEventStreamConnection } from '../../../lib/event-stream.ts';
import { fakeMatchMedia } from '../../../test/fake-media-query.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { json, serveEvents } from '../test/serve-events.ts';
import { ChatPane } from './chat-pane.tsx';
import { ConversationList } from './conversation-list.tsx';
import { MessageSync } from './message-sync.tsx';
import { MessagesNavBadge } from './messages-nav-badge.tsx';

const ME = 'u-1';
const at = new Date(Date.now() - 60_000).toISOString();

const mira: Conversation = {
  id: 'c-1',
  other: { id: 'u-2', name: 'Mira Lens', handle: 'mira', avatarUrl: null },
  lastMessage: {
    id: 'm-1',
    conversationId: 'c-1',
    senderId: ME,
    text: 'Hi Mira',
    clientId: null,
    createdAt: at,
    canReport: false,
  },
  unread: false,
  otherReadAt: null,
  canSend: true,
  cannotSendReason: null,
  canAttachMedia: false,
  updatedAt: at,
};

function Harness() {
  useEventStreamConnection('token-1');
  return (
    <>
      <MessageSync userId={ME} />
      <MessagesNavBadge userId={ME} collapsed={false} />
      <ConversationList userId={ME} selectedId={null} />
    </>
  );
}

/** The list and an open chat with Mira, as on the Messages page. */
function ChatHarness() {
  useEventStreamConnection('token-1');
  return (
    <>
      <MessageSync userId={ME} />
      <ConversationList userId={ME} selectedId="c-1" />
      <ChatPane userId={ME} conversationId="c-1" />
    </>
  );
}

const created = (message: Partial<ChatMessage> & { id: string; text: string }) => ({
  message: {
    conversationId: 'c-1',
    senderId: 'u-2',
    clientId: null,
    createdAt: new Date().toISOString(),
    ...message,
  },
});

beforeEach(() => {
  signInAs({ id: ME });
});

afterEach(() => {
  cleanup();
  eventStream.stop();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('live message events', () => {
  it('move a conversation up with its new preview and unread dot, and clear it when read elsewhere', async () => {
    const feed = serveEvents(() => json(200, { items: [mira], nextCursor: null }));
    renderRoutes([{ path: '/', Component: Harness }], '/');
    await screen.findByRole('link', { name: /^Mira Lens @mira .+ You: Hi Mira$/ });
    await waitFor(() => expect(feed.streams()).toBe(1));
    expect(feed.requests.find((r) => r.url.includes('/api/events'))?.headers.get('authorization')).toBe(
      'Bearer token-1',
    );

    act(() => feed.send('message.created', created({ id: 'm-2', text: 'New photos are up!' })));
    await screen.findByRole('link', { name: /^Mira Lens @mira .+ New photos are up! Unread$/ });
    expect(screen.getByText('1 unread conversation')).toBeTruthy();

    // Read in another tab: this one hears it and the dot goes.
    act(() =>
      feed.send('message.read', { conversationId: 'c-1', readerId: ME, readAt: new Date().toISOString() }),
    );
    await screen.findByRole('link', { name: /^Mira Lens @mira .+ New photos are up!$/ });
    expect(screen.queryByText('1 unread conversation')).toBeNull();
  });

  it('fetch the list again for a conversation it does not hold, and after a reconnect', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let lists = 0;
    const feed = serveEvents(() => {
      lists += 1;
      return json(200, { items: [mira], nextCursor: null });
    });
    renderRoutes([{ path: '/', Component: Harness }], '/');
    await waitFor(() => expect(lists).toBe(1));
    await waitFor(() => expect(feed.streams()).toBe(1));

    act(() => feed.send('message.created', created({ id: 'm-9', conversationId: 'c-new', text: 'Hello' })));
    await waitFor(() => expect(lists).toBe(2));

    // The stream ends (a server restart): 5 s later it is back, asking for what it missed.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => feed.end());
    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(feed.streams()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(feed.streams()).toBe(2);
    const reconnect = feed.requests.filter((r) => r.url.includes('/api/events')).at(-1);
    expect(reconnect?.headers.get('last-event-id')).toBe('1');
    await act(() => vi.advanceTimersByTimeAsync(50));
    vi.useRealTimers();
    await waitFor(() => expect(lists).toBe(3));
  });

  it('conversation.updated fetches that conversation again: the open chat shows why writing stopped', async () => {
    fakeMatchMedia(true);
    // The server's answer changes when the other side blocks; the client only learns by the event.
    let current = mira;
    let fetched = { single: 0, lists: 0 };
    const feed = serveEvents((request) => {
      const path = new URL(request.url, 'http://localhost').pathname;
      if (path === '/api/conversations') {
        fetched = { ...fetched, lists: fetched.lists + 1 };
        return json(200, { items: [current], nextCursor: null });
      }
      if (path === '/api/conversations/c-1/messages') return json(200, { items: [], nextCursor: null });
      if (path === '/api/conversations/c-1') {
        fetched = { ...fetched, single: fetched.single + 1 };
        return json(200, current);
      }
      return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    });
    renderRoutes([{ path: '/', Component: ChatHarness }], '/');
    await screen.findByRole('textbox', { name: 'Message Mira Lens' });
    await waitFor(() => expect(feed.streams()).toBe(1));
    const before = fetched;

    current = { ...mira, canSend: false, cannotSendReason: 'You cannot message this person' };
    // About another conversation: this chat is left alone.
    act(() => feed.send('conversation.updated', { conversationId: 'c-other' }));
    act(() => feed.send('conversation.updated', { conversationId: 'c-1' }));

    expect(await screen.findByText('You cannot message this person')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message Mira Lens' })).toBeNull();
    expect(fetched.single).toBeGreaterThan(before.single);
    expect(fetched.lists).toBeGreaterThan(before.lists);
  });
});
