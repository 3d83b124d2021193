import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { postMessages } from '#common/schemas/posts.ts';
import { Component as DiscoverPage } from '../../../app/routes/discover.tsx';
import { goToVerification } from '../../../lib/action-error.ts';
import { closeAuthModal, getAuthModalState } from '../../../lib/auth-modal.ts';
import { toast } from '../../../lib/toast.ts';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { buildProfile } from '../../creators/test/build-profile.ts';
import { buildMedia, buildPost, postPage } from '../test/build-post.ts';
import { UNLOCK_VIDEO } from './locked-media.tsx';

function ProfileStub() {
  return <h1>Profile page</h1>;
}

const renderDiscover = () =>
  renderRoutes(
    [
      { path: '/discover', Component: DiscoverPage },
      { path: '/public-profile/:id', Component: ProfileStub },
    ],
    '/discover',
  );

/** Every URL the page would load: src, srcset, poster and CSS backgrounds (data: placeholders aside). */
function loadedUrls(): string[] {
  const urls: string[] = [];
  for (const element of document.body.querySelectorAll('*')) {
    for (const name of ['src', 'srcset', 'poster']) {
      const value = element.getAttribute(name);
      if (value) urls.push(...value.split(',').map((part) => part.trim().split(/\s+/)[0] ?? ''));
    }
    for (const match of (element.getAttribute('style') ?? '').matchAll(/url\(["']?([^"')]+)/g)) {
      if (match[1]) urls.push(match[1]);
    }
  }
  return urls.filter((url) => !url.startsWith('data:'));
}

afterEach(() => {
  // Unmount first: signing out re-keys the feed, which would otherwise ask the real network.
  cleanup();
  vi.unstubAllGlobals();
  signOutForTest();
  closeAuthModal();
});

describe('Discover posts', () => {
  it('shows a locked video only as its blurred preview, with the unlock button', async () => {
    // Even if a full URL slipped into a locked answer, the card must show nothing but the preview.
    const media = buildMedia({
      kind: 'video',
      locked: true,
      url: '/media/m-1/video.mp4',
      urls: {
        preview: '/media/m-1/preview.webp',
        sources: [{ width: 640, height: 480, type: 'image/webp', url: '/media/m-1/w640.webp' }],
        poster: '/media/m-1/poster.webp',
        video: '/media/m-1/video.mp4',
        hls: null,
        document: null,
      },
    });
    const post = buildPost({ locked: true, media, visibility: 'subscribers' });
    stubFetch(() => json(200, postPage([post])));
    renderDiscover();
    expect(UNLOCK_VIDEO).toBe(postMessages.unlockToView);
    const unlock = await screen.findByRole('button', { name: 'Click to unlock this video' });
    expect(loadedUrls()).toEqual(['/media/m-1/preview.webp']);
    expect(document.body.innerHTML).not.toMatch(/video\.mp4|poster\.webp|w640\.webp/);
    expect(document.querySelector('video')).toBeNull();

    await userEvent.click(unlock);
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Lena Park' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Subscribe to Lena Park' }));
    expect(await screen.findByRole('dialog', { name: 'Select plan' })).toBeTruthy();
  });

  it('renders an unlocked image as a WebP srcset with its size, the author linking to the profile', async () => {
    const requests = stubFetch(() => json(200, postPage([buildPost(), buildPost({ id: 'p-2' })])));
    renderDiscover();
    const cards = await screen.findAllByRole('article');
    const source = cards[0]?.querySelector('source');
    expect(source?.getAttribute('srcset')).toBe(
      '/media/m-1/w320.webp 320w, /media/m-1/w640.webp 640w, /media/m-1/w1280.webp 1280w',
    );
    const image = cards[0]?.querySelector('img');
    expect(image?.getAttribute('src')).toBe('/media/m-1/fallback.jpg');
    expect([image?.getAttribute('width'), image?.getAttribute('height')]).toEqual(['1280', '960']);
    expect(image?.getAttribute('loading')).toBe('eager');
    expect(cards[1]?.querySelector('img')?.getAttribute('loading')).toBe('lazy');
    const author = within(cards[0] as HTMLElement).getByRole('link', { name: 'Lena Park @lena' });
    expect(author.getAttribute('href')).toBe('/public-profile/lena');
    expect(within(cards[0] as HTMLElement).getByText('3 hrs')).toBeTruthy();
    expect(requests[0]?.url).toBe('/api/discover?limit=10');
  });

  it('likes and unlikes with the token, taking the count from each answer', async () => {
    signInAs();
    const requests = stubFetch((request) => {
      if (request.method === 'POST') return json(200, { liked: true, likes: 10 });
      if (request.method === 'DELETE') return json(200, { liked: false, likes: 9 });
      return json(200, postPage([buildPost()]));
    });
    renderDiscover();
    const like = await screen.findByRole('button', { name: 'Like, 4 likes' });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(like);
    const liked = await screen.findByRole('button', { name: 'Like, 10 likes' });
    expect(liked.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Liked, 10 likes');
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.url).toBe('/api/posts/p-1/like');
    expect(post?.headers.get('authorization')).toBe('Bearer token-1');

    await userEvent.click(liked);
    expect(await screen.findByRole('button', { name: 'Like, 9 likes' })).toBeTruthy();
    expect(requests.filter((request) => request.method === 'DELETE').map((r) => r.url)).toEqual([
      '/api/posts/p-1/like',
    ]);
  });

  it('leads an unverified account to verification when the like is refused for that', async () => {
    signInAs();
    const error = vi.spyOn(toast, 'error');
    stubFetch((request) =>
      request.method === 'POST'
        ? json(403, { message: 'Please verify your email address first', code: 'EMAIL_NOT_VERIFIED' })
        : json(200, postPage([buildPost()])),
    );
    renderDiscover();
    await userEvent.click(await screen.findByRole('button', { name: 'Like, 4 likes' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Please verify your email address first', {
        label: 'Verify email',
        onClick: goToVerification,
      }),
    );
    expect(await screen.findByRole('button', { name: 'Like, 4 likes' })).toBeTruthy();
  });

  it('opens the sign-in dialog instead of liking when signed out', async () => {
    const requests = stubFetch(() => json(200, postPage([buildPost()])));
    renderDiscover();
    await userEvent.click(await screen.findByRole('button', { name: 'Like, 4 likes' }));
    expect(getAuthModalState()).toEqual({ open: true, mode: 'signin' });
    expect(requests.every((request) => request.method === 'GET')).toBe(true);
  });

  it('offers an approved creator to post, not to become a creator, when there is nothing yet', async () => {
    signInAs();
    stubFetch((request) =>
      request.url === '/api/creators/me'
        ? json(200, {
            creator: buildProfile({ viewer: { isOwner: true, isFollowing: false } }),
            counts: { liked: 0, purchased: 0, purchasedMessages: 0 },
          })
        : json(200, postPage([])),
    );
    renderDiscover();
    expect(await screen.findByRole('heading', { name: 'No posts yet' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Post new content' })).getAttribute('href')).toBe(
      '/post-ccontent',
    );
    expect(screen.queryByRole('link', { name: 'Become a Creator' })).toBeNull();
  });

  it('says so when there is nothing yet, and offers a retry after a failure', async () => {
    let fail = true;
    // A 4xx, so the query client does not retry before showing it.
    stubFetch(() => (fail ? json(400, { message: 'Invalid cursor' }) : json(200, postPage([]))));
    renderDiscover();
    expect(await screen.findByText('Invalid cursor')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No posts yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Become a Creator' }).getAttribute('href')).toBe('/creator');
    await waitFor(() => expect(screen.queryByRole('feed')).toBeNull());
  });
});
