import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as PrivateProfilePage } from '../../../app/routes/private-profile.tsx';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { buildPost, postPage } from '../../posts/test/build-post.ts';
import { buildProfile } from '../test/build-profile.ts';

const renderPage = () =>
  renderRoutes([{ path: '/private-profile', Component: PrivateProfilePage }], '/private-profile');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('private profile', () => {
  it("shows a creator's own header, its actions and the library counts", async () => {
    signInAs({ id: 'u-9' });
    const creator = buildProfile({ status: 'pending_review', viewer: { isOwner: true, isFollowing: false } });
    const requests = stubFetch((request) =>
      request.url.startsWith('/api/me/liked')
        ? json(200, postPage([buildPost({ liked: true, likes: 8, description: 'Rain on the river.' })]))
        : json(200, { creator, counts: { liked: 3, purchased: 0, purchasedMessages: 0 } }),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Lena Park' })).toBeTruthy();
    expect(screen.getByText('Your profile is waiting for review')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create / Upload Content' }).getAttribute('href')).toBe(
      '/post-ccontent',
    );
    expect(screen.getByRole('link', { name: 'Edit Profile' }).getAttribute('href')).toBe('/edit-profile/c-1');
    expect(screen.getByRole('heading', { name: 'No purchases yet' })).toBeTruthy();
    expect(requests.map((request) => request.url)).toEqual(['/api/creators/me']);
  });

  it('lists the liked posts as cards in the Liked tab, with the token', async () => {
    signInAs({ id: 'u-2' });
    const requests = stubFetch((request) =>
      request.url.startsWith('/api/me/liked')
        ? json(200, postPage([buildPost({ liked: true, likes: 8, description: 'Rain on the river.' })]))
        : json(200, { creator: null, counts: { liked: 1, purchased: 0, purchasedMessages: 0 } }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Liked (1)' }));
    const feed = await screen.findByRole('feed', { name: 'Posts you liked' });
    const card = within(feed).getByRole('article', { name: 'Lena Park @lena' });
    expect(within(card).getByText('Rain on the river.')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Like, 8 likes' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const liked = requests.find((request) => request.url.startsWith('/api/me/liked'));
    expect(liked?.url).toBe('/api/me/liked?limit=10');
    expect(liked?.headers.get('authorization')).toBe('Bearer token-1');
  });

  it('invites a fan to become a creator', async () => {
    signInAs({ id: 'u-2' });
    stubFetch(() => json(200, { creator: null, counts: { liked: 0, purchased: 0, purchasedMessages: 0 } }));
    renderPage();
    expect(await screen.findByRole('link', { name: 'Become a Creator' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Purchased (0)' })).toBeTruthy();
  });
});
