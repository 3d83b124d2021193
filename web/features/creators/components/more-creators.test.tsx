import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { MoreCreators } from './more-creators.tsx';

function renderPanel() {
  const router = createMemoryRouter([{ path: '*', Component: MoreCreators }]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
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

  it('shows a friendly empty state while the endpoint does not exist', async () => {
    stubFetch(() => json(404, { message: 'Route GET /api/creators not found', code: 'NOT_FOUND' }));
    renderPanel();
    expect(await screen.findByText('No creators to show yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Become a Creator' }).getAttribute('href')).toBe('/creator');
    expect(screen.getByRole('link', { name: 'Discover all' }).getAttribute('href')).toBe('/discover');
  });

  it('shows the same empty state for an empty list', async () => {
    stubFetch(() => json(200, { items: [], nextCursor: null }));
    renderPanel();
    expect(await screen.findByText('No creators to show yet')).toBeTruthy();
  });
});
