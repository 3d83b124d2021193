import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as DiscoverPage } from '../../../app/routes/discover.tsx';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { buildPost, postPage } from '../test/build-post.ts';
import { fakeIntersectionObserver } from '../test/fake-intersection-observer.ts';

const renderDiscover = () => renderRoutes([{ path: '/discover', Component: DiscoverPage }], '/discover');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('post feed', () => {
  it('asks for the next cursor when the end of the list nears, then says it is done', async () => {
    const viewport = fakeIntersectionObserver();
    const requests = stubFetch((request) =>
      request.url.includes('cursor=')
        ? json(200, postPage([buildPost({ id: 'p-2', description: 'Second page' })]))
        : json(200, postPage([buildPost()], 'next-1')),
    );
    renderDiscover();
    const loadMore = await screen.findByRole('button', { name: 'Load more' });
    expect(requests).toHaveLength(1);

    viewport.show(loadMore.parentElement as Element, 1);
    expect(await screen.findByText('Second page')).toBeTruthy();
    expect(requests.map((request) => request.url)).toEqual([
      '/api/discover?limit=10',
      '/api/discover?limit=10&cursor=next-1',
    ]);
    expect(screen.getByText("You're all caught up.")).toBeTruthy();
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-posinset'))).toEqual([
      '1',
      '2',
    ]);
  });

  it('loads more from the button too, for keyboards and browsers without an observer', async () => {
    const requests = stubFetch((request) =>
      request.url.includes('cursor=')
        ? json(200, postPage([buildPost({ id: 'p-2', description: 'Second page' })], 'next-2'))
        : json(200, postPage([buildPost()], 'next-1')),
    );
    renderDiscover();
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Second page')).toBeTruthy();
    expect(requests.at(-1)?.url).toBe('/api/discover?limit=10&cursor=next-1');
    expect(screen.getByRole('feed').getAttribute('aria-label')).toBe('Discover posts');
  });

  it('adds autoplay to a YouTube embed while the card is at least half in view', async () => {
    const viewport = fakeIntersectionObserver();
    stubFetch(() => json(200, postPage([buildPost({ media: null, youtubeId: 'dQw4w9WgXcQ' })])));
    renderDiscover();
    const frame = await screen.findByTitle('YouTube video posted by Lena Park');
    const src = () => new URL(frame.getAttribute('src') ?? '');
    expect(src().origin + src().pathname).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(src().searchParams.get('autoplay')).toBeNull();

    const card = screen.getByRole('article');
    viewport.show(card, 0.6);
    expect(src().searchParams.get('autoplay')).toBe('1');
    expect(src().searchParams.get('mute')).toBe('1');
    viewport.show(card, 0.3);
    expect(src().searchParams.get('autoplay')).toBeNull();
  });

  it('follows a creator from a card and every card of theirs follows the answer', async () => {
    signInAs();
    const requests = stubFetch((request) =>
      request.method === 'POST'
        ? json(200, { following: true, followers: 3 })
        : json(200, postPage([buildPost(), buildPost({ id: 'p-2' })])),
    );
    renderDiscover();
    const [first] = await screen.findAllByRole('button', { name: 'Follow Lena Park' });
    await userEvent.click(first as HTMLElement);
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: 'Unfollow Lena Park' })).toHaveLength(2),
    );
    const follow = requests.find((request) => request.method === 'POST');
    expect(follow?.url).toBe('/api/creators/lena/follow');
    expect(follow?.headers.get('authorization')).toBe('Bearer token-1');
  });

  it('hides Follow on your own posts', async () => {
    signInAs({ id: 'u-9' });
    stubFetch(() => json(200, postPage([buildPost({ isOwner: true })])));
    renderDiscover();
    expect(await screen.findByRole('button', { name: 'Post options' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Follow Lena Park' })).toBeNull();
  });
});
