import { cleanup, getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, Conversation } from '#common/schemas/messages.ts';
import { Component as MessagesPage } from '../../../app/routes/messages.tsx';
import { fakeMatchMedia } from '../../../test/fake-media-query.ts';
import { json, type RecordedRequest, stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { buildProfile } from '../../creators/test/build-profile.ts';
import { pendingMessages } from '../pending-store.ts';

const ME = 'u-1';
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** A message as the server presents it to ME: the other side's messages are reportable, unless overridden. */
function message(
  id: string,
  conversationId: string,
  senderId: string,
  text: string,
  at: string,
  canReport = senderId !== ME,
): ChatMessage {
  return { id, conversationId, senderId, text, clientId: null, createdAt: at, canReport };
}

function conversation(
  id: string,
  other: { id: string; name: string; handle?: string },
  last: ChatMessage | null,
  extra: Partial<Conversation> = {},
): Conversation {
  return {
    id,
    other: { id: other.id, name: other.name, handle: other.handle ?? null, avatarUrl: null },
    lastMessage: last,
    unread: false,
    otherReadAt: null,
    canSend: true,
    cannotSendReason: null,
    canAttachMedia: false,
    updatedAt: last?.createdAt ?? minutesAgo(1),
    ...extra,
  };
}

const long = 'This message is much longer than thirty characters';
const zoe = conversation(
  'c-zoe',
  { id: 'u-zoe', name: 'Zoe Quinn', handle: 'zoeq' },
  message('m-3', 'c-zoe', 'u-zoe', long, minutesAgo(5)),
  { unread: true },
);
const sam = conversation(
  'c-sam',
  { id: 'u-sam', name: 'Sam Hill' },
  message('m-1', 'c-sam', ME, 'See you', minutesAgo(60 * 3)),
);

interface FakeApi {
  requests: RecordedRequest[];
  /** Answers the next sends with this status instead of storing them. */
  failSends: number[];
}

/** Stands in for the API over fetch: conversations, one keyset-paged thread, sends, reads. */
function serve(conversations: Conversation[], threads: Record<string, ChatMessage[][]> = {}): FakeApi {
  const api: FakeApi = { requests: [], failSends: [] };
  api.requests = stubFetch((request) => {
    const url = new URL(request.url, 'http://localhost');
    const path = url.pathname;
    if (path === '/api/creators/me')
      return json(200, { creator: null, counts: { liked: 0, purchased: 0, purchasedMessages: 0 } });
    if (path === '/api/creators/zoeq') return json(200, buildProfile({ id: 'creator-zoe', handle: 'zoeq' }));
    if (path === '/api/reports')
      return json(201, { id: 'r-1', message: 'Thanks, our moderators will look at it' });
    if (path === '/api/me/blocks' && request.method === 'POST') {
      const { userId } = JSON.parse(request.body ?? '{}') as { userId: string };
      // After a block the server refuses writing either way: the conversation says so from now on.
      for (const [index, item] of conversations.entries()) {
        if (item.other.id === userId) {
          conversations[index] = { ...item, canSend: false, cannotSendReason: 'You blocked this user' };
        }
      }
      return json(200, { message: 'User blocked' });
    }
    if (path === '/api/conversations' && request.method === 'GET') {
      const q = url.searchParams.get('q')?.toLowerCase() ?? '';
      const items = conversations.filter(
        (item) => item.other.name.toLowerCase().includes(q) || (item.other.handle ?? '').includes(q),
      );
      return json(200, { items, nextCursor: null });
    }
    if (path === '/api/conversations' && request.method === 'POST') {
      const { userId } = JSON.parse(request.body ?? '{}') as { userId: string };
      const found = conversations.find((item) => item.other.id === userId);
      return found ? json(200, found) : json(404, { message: 'User not found', code: 'NOT_FOUND' });
    }
    const match = /^\/api\/conversations\/([^/]+)(\/messages|\/read)?$/.exec(path);
    const found = conversations.find((item) => item.id === match?.[1]);
    if (!match || !found) return json(404, { message: 'Conversation not found', code: 'NOT_FOUND' });
    if (match[2] === '/read') return new Response(null, { status: 204 });
    if (match[2] === '/messages' && request.method === 'POST') {
      const status = api.failSends.shift();
      if (status) return json(status, { message: 'Something went wrong', code: 'INTERNAL' });
      const body = JSON.parse(request.body ?? '{}') as { text: string; clientId: string };
      return json(201, {
        ...message(`m-new-${body.clientId}`, found.id, ME, body.text, new Date().toISOString()),
        clientId: body.clientId,
      });
    }
    if (match[2] === '/messages') {
      const pages = threads[found.id] ?? [[]];
      const index = url.searchParams.has('cursor') ? Number(url.searchParams.get('cursor')) : 0;
      const next = index + 1 < pages.length ? String(index + 1) : null;
      return json(200, { items: pages[index] ?? [], nextCursor: next });
    }
    return json(200, found);
  });
  return api;
}

/** What a row shows, without spaces (axe's label-content-name-mismatch compares the same way). */
function shownText(row: HTMLElement): string {
  const shown = row.cloneNode(true) as HTMLElement;
  for (const hidden of shown.querySelectorAll('.sr-only, [aria-hidden="true"]')) hidden.remove();
  return (shown.textContent ?? '').replace(/\s+/g, '');
}

const renderAt = (path: string) => renderRoutes([{ path: '/message', Component: MessagesPage }], path);
const posts = (api: FakeApi, suffix: string) =>
  api.requests.filter((request) => request.method === 'POST' && request.url.endsWith(suffix));

beforeEach(() => {
  fakeMatchMedia(true);
  signInAs({ id: ME });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  pendingMessages.clear();
  signOutForTest();
});

describe('the Messages page', () => {
  it('lists conversations with a 30-character preview, relative times and a real unread dot', async () => {
    serve([zoe, sam]);
    renderAt('/message');
    const zoeRow = await screen.findByRole('link', {
      name: 'Zoe Quinn @zoeq 5 min This message is much longer th… Unread',
    });
    expect(within(zoeRow).getByTestId('unread-dot')).toBeTruthy();
    const samRow = screen.getByRole('link', { name: 'Sam Hill 3 hrs You: See you' });
    expect(within(samRow).queryByTestId('unread-dot')).toBeNull();
    // Each row's name holds everything it shows (the name, the handle, the time and the preview).
    const names = new Map<Element, string>();
    within(screen.getByRole('navigation', { name: 'Conversations' })).getAllByRole('link', {
      name: (name, row) => Boolean(names.set(row, name.replace(/\s+/g, ''))),
    });
    expect(names.size).toBe(2);
    for (const [row, name] of names) expect(name).toContain(shownText(row as HTMLElement));
    expect(screen.getByRole('heading', { name: 'Select a conversation' })).toBeTruthy();
    expect(screen.getByText('Choose a chat from the sidebar to start messaging')).toBeTruthy();
  });

  it('searches by name or handle on the server', async () => {
    const api = serve([zoe, sam]);
    renderAt('/message');
    await screen.findByRole('link', { name: /^Sam Hill/ });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'zoeq');
    await waitFor(() => expect(screen.queryByRole('link', { name: /^Sam Hill/ })).toBeNull());
    expect(screen.getByRole('link', { name: /^Zoe Quinn/ })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading conversations' })).toBeNull();
    expect(api.requests.some((request) => request.url.includes('q=zoeq'))).toBe(true);
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search conversations' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'nobody');
    expect(await screen.findByText('No conversations match “nobody”')).toBeTruthy();
  });

  it('opens a conversation, marks it read, loads older messages, and sends with Enter (Shift+Enter is a new line)', async () => {
    const api = serve([zoe, sam], {
      'c-zoe': [
        [message('m-3', 'c-zoe', 'u-zoe', long, minutesAgo(5))],
        [message('m-2', 'c-zoe', ME, 'An older one', minutesAgo(30))],
      ],
    });
    renderAt('/message?c=c-zoe');
    const log = await screen.findByRole('log', { name: 'Messages with Zoe Quinn' });
    await within(log).findByText(long);
    // Few messages on screen: the older page is asked for by itself, with the cursor.
    await within(log).findByText('An older one');
    expect(api.requests.some((request) => request.url.includes('/messages?cursor=1'))).toBe(true);
    await waitFor(() => expect(posts(api, '/api/conversations/c-zoe/read')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('unread-dot')).toBeNull());

    const box = screen.getByRole('textbox', { name: 'Message Zoe Quinn' });
    await userEvent.type(box, '   {Enter}');
    expect(screen.getByRole('alert').textContent).toBe('Please write a message');
    expect(posts(api, '/messages')).toHaveLength(0);

    await userEvent.clear(box);
    await userEvent.type(box, 'Line one{Shift>}{Enter}{/Shift}Line two{Enter}');
    await within(log).findByText('Line one\nLine two', {
      normalizer: getDefaultNormalizer({ collapseWhitespace: false }),
    });
    const [sent] = posts(api, '/messages');
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({ text: 'Line one\nLine two' });
    expect((box as HTMLTextAreaElement).value).toBe('');
    await waitFor(() =>
      expect(log.querySelector('li:last-child [data-state]')?.getAttribute('data-state')).toBe('sent'),
    );
  });

  it('refuses more than 2,000 characters with the reason', async () => {
    const api = serve([sam]);
    renderAt('/message?c=c-sam');
    const box = await screen.findByRole('textbox', { name: 'Message Sam Hill' });
    await userEvent.click(box);
    await userEvent.paste('x'.repeat(2001));
    expect(screen.getByRole('alert').textContent).toBe('Messages can be at most 2000 characters');
    expect(screen.getByText('2,001/2,000')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.keyboard('{Enter}');
    expect(posts(api, '/messages')).toHaveLength(0);
  });

  it('keeps a message that failed as "Not sent" with Retry, which sends it again under the same id', async () => {
    const api = serve([sam]);
    api.failSends.push(500);
    renderAt('/message?c=c-sam');
    const box = await screen.findByRole('textbox', { name: 'Message Sam Hill' });
    await userEvent.type(box, 'Are you coming?{Enter}');
    const log = screen.getByRole('log');
    await within(log).findByText('Not sent');
    expect(within(log).getByText('Something went wrong')).toBeTruthy();

    await userEvent.click(within(log).getByRole('button', { name: 'Retry' }));
    await within(log).findByText('Sent');
    expect(within(log).queryByText('Not sent')).toBeNull();
    expect(within(log).getAllByText('Are you coming?')).toHaveLength(1);
    const [first, second] = posts(api, '/messages').map((request) => JSON.parse(request.body ?? '{}'));
    expect(first.clientId).toBeTruthy();
    expect(second.clientId).toBe(first.clientId);
  });

  it('says why instead of a composer when the server refuses messages', async () => {
    const reason = 'Mira Lens only accepts messages from subscribers. Subscribe to message them.';
    serve([
      conversation('c-mira', { id: 'u-mira', name: 'Mira Lens', handle: 'mira' }, null, {
        canSend: false,
        cannotSendReason: reason,
      }),
    ]);
    renderAt('/message?c=c-mira');
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain(reason);
    expect(within(note).getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe(
      '/public-profile/mira',
    );
    expect(screen.queryByRole('textbox', { name: /^Message/ })).toBeNull();
  });

  it('opens the conversation with ?user=, and says so when the user cannot be found', async () => {
    const api = serve([zoe]);
    const { router } = renderAt('/message?user=u-zoe&email=zoe%40example.com');
    await screen.findByRole('log', { name: 'Messages with Zoe Quinn' });
    expect(router.state.location.search).toBe('?c=c-zoe');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(JSON.parse(posts(api, '/api/conversations')[0]?.body ?? '{}')).toEqual({ userId: 'u-zoe' });

    await router.navigate('/message?user=u-gone');
    expect(await screen.findByText('User not found')).toBeTruthy();
  });

  it('asks a signed-out visitor to sign in', () => {
    signOutForTest();
    renderAt('/message');
    expect(screen.getByText('Sign in to read and send messages.')).toBeTruthy();
  });

  describe('safety inside a conversation', () => {
    it('blocks the other person from the chat header; the composer gives way to the reason', async () => {
      const api = serve([{ ...zoe }, sam]);
      renderAt('/message?c=c-zoe');
      await screen.findByRole('textbox', { name: 'Message Zoe Quinn' });
      await userEvent.click(screen.getByRole('button', { name: 'More options for Zoe Quinn' }));
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Block Zoe Quinn' }));
      const dialog = await screen.findByRole('dialog', { name: 'Block Zoe Quinn?' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));

      const blocked = api.requests.filter((request) => request.url.endsWith('/api/me/blocks'));
      expect(blocked.map((request) => JSON.parse(request.body ?? '{}'))).toEqual([{ userId: 'u-zoe' }]);
      expect(await screen.findByText('You blocked this user')).toBeTruthy();
      expect(screen.queryByRole('textbox', { name: 'Message Zoe Quinn' })).toBeNull();
    });

    it("reports a creator's profile from the header, by the creator profile's id", async () => {
      const api = serve([{ ...zoe }]);
      renderAt('/message?c=c-zoe');
      await screen.findByRole('textbox', { name: 'Message Zoe Quinn' });
      await userEvent.click(screen.getByRole('button', { name: 'More options for Zoe Quinn' }));
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Report profile' }));
      const dialog = await screen.findByRole('dialog', { name: /^Report this/ });
      await userEvent.click(within(dialog).getByRole('radio', { name: 'Harassment or bullying' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
      await waitFor(() =>
        expect(posts(api, '/api/reports').map((request) => JSON.parse(request.body ?? '{}'))).toEqual([
          expect.objectContaining({ targetType: 'profile', targetId: 'creator-zoe', reason: 'harassment' }),
        ]),
      );
    });

    it('offers no profile report for someone who is not a creator, only Block', async () => {
      serve([sam]);
      renderAt('/message?c=c-sam');
      await screen.findByRole('textbox', { name: 'Message Sam Hill' });
      await userEvent.click(screen.getByRole('button', { name: 'More options for Sam Hill' }));
      expect(await screen.findByRole('menuitem', { name: 'Block Sam Hill' })).toBeTruthy();
      expect(screen.queryByRole('menuitem', { name: 'Report profile' })).toBeNull();
    });

    it("reports one of the other person's messages, never one's own", async () => {
      const api = serve([{ ...zoe }], {
        'c-zoe': [
          [
            message('m-3', 'c-zoe', 'u-zoe', long, minutesAgo(5)),
            message('m-2', 'c-zoe', ME, 'Mine', minutesAgo(30)),
          ],
        ],
      });
      renderAt('/message?c=c-zoe');
      const log = await screen.findByRole('log', { name: 'Messages with Zoe Quinn' });
      await within(log).findByText(long);
      const reportButtons = within(log).getAllByRole('button', { name: 'Report message' });
      expect(reportButtons).toHaveLength(1);
      expect(log.querySelector('[data-message-id="m-3"]')?.contains(reportButtons[0] ?? null)).toBe(true);

      reportButtons[0]?.focus();
      await userEvent.keyboard('{Enter}');
      const dialog = await screen.findByRole('dialog', { name: /^Report this/ });
      await userEvent.click(within(dialog).getByRole('radio', { name: 'Spam or scam' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
      await waitFor(() =>
        expect(posts(api, '/api/reports').map((request) => JSON.parse(request.body ?? '{}'))).toEqual([
          expect.objectContaining({ targetType: 'message', targetId: 'm-3', reason: 'spam' }),
        ]),
      );
    });

    it('offers Report only on the messages the server says this viewer may report', async () => {
      serve([{ ...zoe }], {
        'c-zoe': [
          [
            message('m-4', 'c-zoe', 'u-zoe', 'Reportable', minutesAgo(4)),
            message('m-3', 'c-zoe', 'u-zoe', long, minutesAgo(5), false),
            message('m-2', 'c-zoe', ME, 'Mine', minutesAgo(30)),
          ],
        ],
      });
      renderAt('/message?c=c-zoe');
      const log = await screen.findByRole('log', { name: 'Messages with Zoe Quinn' });
      await within(log).findByText(long);
      const reportButtons = within(log).getAllByRole('button', { name: 'Report message' });
      expect(reportButtons).toHaveLength(1);
      expect(log.querySelector('[data-message-id="m-4"]')?.contains(reportButtons[0] ?? null)).toBe(true);
    });
  });
});
