import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CommentPage, CommentWithReplies } from '#common/schemas/engagement.ts';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { CommentsSection } from './comments-section.tsx';

function SectionPage() {
  return <CommentsSection postId="p-1" />;
}
const renderSection = () => renderRoutes([{ path: '/', Component: SectionPage }], '/');

const comment = (overrides: Partial<CommentWithReplies> = {}): CommentWithReplies => ({
  id: 'c-1',
  postId: 'p-1',
  parentId: null,
  text: 'Lovely light',
  author: { id: 'u-2', name: 'Grace Hopper', handle: null, avatarUrl: null },
  byCreator: false,
  likes: 2,
  liked: false,
  replyCount: 0,
  canDelete: false,
  canReply: true,
  createdAt: new Date().toISOString(),
  replies: [],
  ...overrides,
});
const page = (items: CommentWithReplies[], overrides: Partial<CommentPage> = {}): CommentPage => ({
  items,
  nextCursor: null,
  count: items.length,
  enabled: true,
  canComment: true,
  canModerate: false,
  ...overrides,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('comments section', () => {
  it('hears counts live, so a reader who is not part of the thread sees new comments at once', async () => {
    let push: (text: string) => void = () => {};
    const live = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(new TextEncoder().encode(text));
      },
    });
    let answer = page([comment()]);
    const requests = stubFetch((request) =>
      request.url.startsWith('/api/comments/live')
        ? new Response(live, { status: 200, headers: { 'content-type': 'text/event-stream' } })
        : json(200, answer),
    );
    renderSection();
    expect(await screen.findByRole('heading', { name: 'Comments (1)' })).toBeTruthy();
    await vi.waitFor(() =>
      expect(requests.some((request) => request.url === '/api/comments/live?posts=p-1')).toBe(true),
    );
    // The count as it is, on opening: nothing to read again.
    push('event: post.comments\ndata: {"postId":"p-1","count":1}\n\n');
    answer = page([comment({ id: 'c-2', text: 'Just arrived' }), comment()]);
    push('event: post.comments\ndata: {"postId":"p-1","count":2}\n\n');
    expect(await screen.findByRole('heading', { name: 'Comments (2)' })).toBeTruthy();
    expect(await screen.findByText('Just arrived')).toBeTruthy();
    expect(requests.filter((request) => request.url.startsWith('/api/posts/p-1/comments'))).toHaveLength(2);
  });

  it('lists comments with their author and count, and says when there are none', async () => {
    signInAs();
    stubFetch(() => json(200, page([comment()])));
    renderSection();
    expect(await screen.findByRole('heading', { name: 'Comments (1)' })).toBeTruthy();
    expect(screen.getByText('Lovely light')).toBeTruthy();
    expect(screen.getByText('Grace Hopper')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Like comment by Grace Hopper, 2 likes' })).toBeTruthy();
    cleanup();

    stubFetch(() => json(200, page([])));
    renderSection();
    expect(await screen.findByRole('heading', { name: 'No comments yet' })).toBeTruthy();
  });

  it('refuses a blank comment before sending, and sends the text otherwise', async () => {
    signInAs();
    const requests = stubFetch((request) =>
      request.method === 'POST' ? json(201, comment({ id: 'c-2', text: 'Hi' })) : json(200, page([])),
    );
    renderSection();
    const box = await screen.findByRole('textbox', { name: 'Write a comment' });
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));
    expect(await screen.findByText('Please write a comment')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
    fireEvent.change(box, { target: { value: '  Hi  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));
    await vi.waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    const sent = requests.find((request) => request.method === 'POST');
    expect(sent?.url).toBe('/api/posts/p-1/comments');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ text: 'Hi' });
  });

  it('posts on Enter and adds a line on Shift+Enter, as the chat does, and says so', async () => {
    signInAs();
    const requests = stubFetch((request) =>
      request.method === 'POST' ? json(201, comment({ id: 'c-2', text: 'Hi' })) : json(200, page([])),
    );
    renderSection();
    const box = (await screen.findByRole('textbox', { name: 'Write a comment' })) as HTMLTextAreaElement;
    await userEvent.type(box, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(box.value).toBe('First line\nsecond line');
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
    await userEvent.type(box, '{Enter}');
    await vi.waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    const sent = requests.find((request) => request.method === 'POST');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ text: 'First line\nsecond line' });
    await vi.waitFor(() => expect(box.value).toBe(''));
    const hint = screen.getByText('Enter to post, Shift+Enter for a new line');
    expect(box.getAttribute('aria-describedby')?.split(' ')).toContain(hint.id);
  });

  it('shows an error with a way to try again, and the turned-off state', async () => {
    signInAs();
    let fail = true;
    stubFetch(() =>
      fail
        ? json(403, { message: 'Not allowed', code: 'FORBIDDEN' })
        : json(200, page([], { enabled: false, canComment: false })),
    );
    renderSection();
    expect(await screen.findByRole('alert')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Comments are turned off for this post.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Write a comment' })).toBeNull();
  });
});
