import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as PublicProfilePage } from '../../../app/routes/public-profile.tsx';
import { endHydrationWhenIdle, setHydrating } from '../../../lib/hydration.ts';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signOutForTest } from '../../../test/session.ts';
import { buildProfile } from '../../creators/test/build-profile.ts';
import { buildMedia, buildPost, postPage } from '../test/build-post.ts';

const counts = { photos: 2, videos: 1, posts: 3, likes: 12, followers: 4 };
const video = buildPost({
  id: 'p-video',
  media: buildMedia({
    id: 'm-2',
    kind: 'video',
    locked: true,
    url: null,
    urls: {
      preview: '/media/m-2/preview.webp',
      sources: [],
      poster: null,
      video: null,
      hls: null,
      document: null,
    },
  }),
  locked: true,
  visibility: 'pay_per_view',
  price: { amount: 499, currency: 'USD' },
});
const photo = buildPost({ id: 'p-photo', description: 'Harbour at dawn' });

function stubCreator() {
  return stubFetch((request) => {
    const url = new URL(request.url, 'http://localhost');
    if (!url.pathname.endsWith('/posts')) return json(200, buildProfile({ counts }));
    const type = url.searchParams.get('type');
    return json(200, postPage(type === 'videos' ? [video] : type === 'photos' ? [photo] : [photo, video]));
  });
}

afterEach(() => {
  setHydrating(false);
  cleanup();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('creator media and posts tabs', () => {
  it('opens on photos when there are both, and shows videos as tiles on the toggle, locked ones with Unlock', async () => {
    const requests = stubCreator();
    renderRoutes([{ path: '/public-profile/:id', Component: PublicProfilePage }], '/public-profile/lena');
    const photos = await screen.findByRole('list', { name: 'Photos by @lena' });
    expect(within(photos).getByRole('button', { name: 'Open photo: Harbour at dawn' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Photos (2)' }).getAttribute('aria-pressed')).toBe('true');

    await userEvent.click(screen.getByRole('button', { name: 'Videos (1)' }));
    const videos = await screen.findByRole('list', { name: 'Videos by @lena' });
    await userEvent.click(within(videos).getByRole('button', { name: 'Unlock video by Lena Park' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlock for $4.99' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(requests.map((request) => request.url).filter((url) => url.includes('/posts'))).toEqual([
      '/api/creators/lena/posts?type=photos&limit=24',
      '/api/creators/lena/posts?type=videos&limit=24',
    ]);
  });

  it('opens on the kind the creator has: photos only, or videos only', async () => {
    const only = (photos: number, videos: number) =>
      stubFetch((request) => {
        const url = new URL(request.url, 'http://localhost');
        if (!url.pathname.endsWith('/posts'))
          return json(200, buildProfile({ counts: { ...counts, photos, videos } }));
        return json(200, postPage(url.searchParams.get('type') === 'videos' ? [video] : [photo]));
      });
    only(3, 0);
    const first = renderRoutes(
      [{ path: '/public-profile/:id', Component: PublicProfilePage }],
      '/public-profile/lena',
    );
    expect(await screen.findByRole('list', { name: 'Photos by @lena' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Photos (3)' }).getAttribute('aria-pressed')).toBe('true');
    first.unmount();

    only(0, 2);
    renderRoutes([{ path: '/public-profile/:id', Component: PublicProfilePage }], '/public-profile/lena');
    expect(await screen.findByRole('list', { name: 'Videos by @lena' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Videos (2)' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('lists post cards in the Posts tab, each author linking to the profile', async () => {
    stubCreator();
    renderRoutes([{ path: '/public-profile/:id', Component: PublicProfilePage }], '/public-profile/lena');
    await userEvent.click(await screen.findByRole('tab', { name: 'Posts (3)' }));
    const feed = await screen.findByRole('feed', { name: 'Posts by @lena' });
    const cards = within(feed).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(
      within(cards[1] as HTMLElement).getByRole('button', { name: 'Click to unlock this video' }),
    ).toBeTruthy();
    const author = within(cards[0] as HTMLElement).getByRole('link', { name: 'Lena Park @lena' });
    expect(author.getAttribute('href')).toBe('/public-profile/lena');
    await waitFor(() => expect(screen.getByText('Harbour at dawn')).toBeTruthy());
  });
  it('while the server’s page is adopted, draws the header first and the rest in tasks of their own', async () => {
    stubCreator();
    // What each commit that first shows the header holds (DOM changes are reported per commit).
    const withHeader: string[][] = [];
    const observer = new MutationObserver(() => {
      if (withHeader.length > 0 || !document.getElementById('profile-name')) return;
      const shown = (selector: string) => document.querySelector(selector) !== null;
      withHeader.push(
        [
          shown('[aria-label="Creator content"]') && 'the tabs',
          [...document.querySelectorAll('button')].some((button) =>
            button.textContent?.includes('Subscribe Now'),
          ) && 'Subscribe Now',
          shown('[aria-label^="Share"]') && 'the header’s buttons',
        ].filter((part): part is string => typeof part === 'string'),
      );
    });
    observer.observe(document.body, { childList: true, subtree: true });
    setHydrating(true);
    renderRoutes([{ path: '/public-profile/:id', Component: PublicProfilePage }], '/public-profile/lena');
    await screen.findByRole('heading', { name: 'Lena Park' });
    // As web/main.tsx ends it: once the page is idle and the slices asked for have run.
    endHydrationWhenIdle();
    const photos = await screen.findByRole('list', { name: 'Photos by @lena' });
    await waitFor(() => expect(within(photos).getAllByRole('listitem')).toHaveLength(1));
    observer.disconnect();
    expect(withHeader).toEqual([[]]);
    expect(screen.getByRole('button', { name: /Subscribe Now/ })).toBeTruthy();
  });
});
