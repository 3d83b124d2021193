import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { buildProfile } from '../test/build-profile.ts';
import { MoreCreators } from './more-creators.tsx';

function renderPanel() {
  const router = createMemoryRouter([{ path: '*', Component: MoreCreators }]);
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return client;
}

afterEach(() => {
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('More Creators', () => {
  it('asks the server for five creators and links each card to its public profile', async () => {
    const requests = stubFetch(() =>
      json(200, {
        items: [{ id: 'c-1', handle: 'lena', displayName: 'Lena Park', avatarUrl: null }],
        nextCursor: null,
      }),
    );
    renderPanel();
    const link = await screen.findByRole('link', { name: 'Lena Park' });
    expect(link.getAttribute('href')).toBe('/public-profile/c-1');
    expect(screen.getByText('@lena')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Follow Lena Park' })).toBeTruthy();
    expect(requests[0]?.url).toBe('/api/creators?limit=5');
  });

  it('shows an error with Retry, not the empty state, when the server refuses', async () => {
    let fail = true;
    const requests = stubFetch(() =>
      fail
        ? json(404, { message: 'Route GET /api/creators not found', code: 'NOT_FOUND' })
        : json(200, {
            items: [{ id: 'c-1', handle: 'lena', displayName: 'Lena Park', avatarUrl: null }],
            nextCursor: null,
          }),
    );
    renderPanel();
    expect((await screen.findByRole('alert')).textContent).toBe('Creators could not be loaded');
    expect(screen.getByText('Something went wrong on our side. Please try again.')).toBeTruthy();
    expect(screen.queryByText('No creators to show yet')).toBeNull();
    expect(screen.getByRole('link', { name: 'Discover all' }).getAttribute('href')).toBe('/discover');

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Lena Park' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requests).toHaveLength(2);
  });

  it('says the server cannot be reached when offline, and Retry asks again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let calls = 0;
      vi.stubGlobal('fetch', () => {
        calls += 1;
        return Promise.reject(new TypeError('Failed to fetch'));
      });
      renderPanel();
      // Network trouble is retried twice (query client) before the panel gives up.
      await vi.advanceTimersByTimeAsync(10_000);
      expect(await screen.findByText('Could not reach the server. Check your connection.')).toBeTruthy();
      expect(calls).toBe(3);
      const retry = screen.getByRole('button', { name: 'Retry' });
      await userEvent.click(retry);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(calls).toBe(6);
      expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the empty state for an empty list', async () => {
    stubFetch(() => json(200, { items: [], nextCursor: null }));
    renderPanel();
    expect(await screen.findByText('No creators to show yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Become a Creator' }).getAttribute('href')).toBe('/creator');
    expect(screen.getByRole('link', { name: 'Discover all' }).getAttribute('href')).toBe('/discover');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers an approved creator no Become a Creator in the empty state', async () => {
    signInAs();
    stubFetch((request) =>
      request.url === '/api/creators/me'
        ? json(200, {
            creator: buildProfile({ viewer: { isOwner: true, isFollowing: false } }),
            counts: { liked: 0, purchased: 0, purchasedMessages: 0 },
          })
        : json(200, { items: [], nextCursor: null }),
    );
    const client = renderPanel();
    expect(await screen.findByText('No creators to show yet')).toBeTruthy();
    // Once the app knows the viewer is a creator (the link never shows meanwhile either).
    await waitFor(() => expect(client.getQueryState(['creators', 'me', 'u-1'])?.status).toBe('success'));
    expect(screen.queryByRole('link', { name: 'Become a Creator' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Discover all' })).toBeTruthy();
  });

  it('follows from a card, and the button turns to Unfollow from the answer', async () => {
    signInAs();
    const requests = stubFetch((request) =>
      request.method === 'POST'
        ? json(200, { following: true, followers: 1 })
        : json(200, {
            items: [
              { id: 'c-1', handle: 'lena', displayName: 'Lena Park', avatarUrl: null, isFollowing: false },
            ],
            nextCursor: null,
          }),
    );
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Follow Lena Park' }));
    expect(await screen.findByRole('button', { name: 'Unfollow Lena Park' })).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.url).toBe('/api/creators/lena/follow');
    // The suggestions are asked for again, so a followed creator can leave them.
    await waitFor(() => expect(requests.filter((request) => request.method === 'GET')).toHaveLength(2));
  });
});
