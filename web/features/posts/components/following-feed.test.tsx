import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as HomePage } from '../../../app/routes/home.tsx';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
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
    expect(requests[0]?.url).toBe('/api/feed?limit=10');
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer token-1');
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
