import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreatorProfile } from '#common/schemas/creators.ts';
import { Component as HomePage } from '../../../app/routes/home.tsx';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { buildProfile } from '../../creators/test/build-profile.ts';
import { buildPost, postPage } from '../test/build-post.ts';

const renderHome = () => renderRoutes([{ path: '/', Component: HomePage }], '/');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe("Home's followed feed", () => {
  it('keeps the headline and both buttons, and asks for no feed when signed out', async () => {
    const requests = stubFetch(() => json(200, postPage([])));
    renderHome();
    expect(screen.getByRole('heading', { name: 'Discover new and exciting creators' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Discover Creators' }).getAttribute('href')).toBe('/discover');
    expect(screen.getByRole('link', { name: 'Become a Creator' }).getAttribute('href')).toBe('/creator');
    expect(screen.queryByRole('heading', { name: 'Latest from creators you follow' })).toBeNull();
    expect(requests).toHaveLength(0);
  });

  it('lists the latest posts of followed creators, already marked as followed', async () => {
    signInAs();
    const requests = stubFetch(() =>
      json(200, postPage([buildPost({ description: 'New roll developed.' })])),
    );
    renderHome();
    expect(await screen.findByRole('heading', { name: 'Latest from creators you follow' })).toBeTruthy();
    expect(await screen.findByText('New roll developed.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unfollow Lena Park' })).toBeTruthy();
    const feed = requests.find((request) => request.url.startsWith('/api/feed'));
    expect(feed?.url).toBe('/api/feed?limit=10');
    expect(feed?.headers.get('authorization')).toBe('Bearer token-1');
  });

  it('offers Become a Creator to a fan, and not to a creator whose page is approved', async () => {
    const answering = (creator: CreatorProfile | null) =>
      stubFetch((request) =>
        request.url === '/api/creators/me'
          ? json(200, { creator, counts: { liked: 0, purchased: 0, purchasedMessages: 0 } })
          : json(200, postPage([])),
      );
    signInAs();
    answering(null);
    renderHome();
    expect((await screen.findByRole('link', { name: 'Become a Creator' })).getAttribute('href')).toBe(
      '/creator',
    );
    cleanup();

    answering(buildProfile({ viewer: { isOwner: true, isFollowing: false } }));
    const { queryClient } = renderHome();
    await screen.findByRole('heading', { name: 'Follow creators to see their latest posts here' });
    // Once the app has the answer (the link never shows meanwhile either).
    await waitFor(() => expect(queryClient.getQueryState(['creators', 'me', 'u-1'])?.status).toBe('success'));
    expect(screen.getByRole('link', { name: 'Discover Creators' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Become a Creator' })).toBeNull();
  });

  it('points to Discover when the viewer follows nobody yet', async () => {
    signInAs();
    stubFetch(() => json(200, postPage([])));
    renderHome();
    expect(
      await screen.findByRole('heading', { name: 'Follow creators to see their latest posts here' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Discover' }).getAttribute('href')).toBe('/discover');
  });
});
