import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreatorSummary } from '#common/schemas/creators.ts';
import { json, type RecordedRequest, stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { SearchResults } from './search-results.tsx';

const creators: CreatorSummary[] = [
  { id: 'c-1', handle: 'amara_films', displayName: 'Amara Okafor', avatarUrl: null, isFollowing: false },
  { id: 'c-2', handle: 'amaral', displayName: 'Rui Amaral', avatarUrl: null, isFollowing: true },
];

const pathOf = (request: RecordedRequest) => new URL(request.url, 'http://localhost');

function renderResults(query: string, answer: () => Response | Promise<Response>) {
  const requests = stubFetch((request) => {
    const url = pathOf(request);
    if (url.pathname === '/api/search') return answer();
    if (url.pathname === '/api/creators/amara_films/follow' && request.method === 'POST')
      return json(200, { following: true, followers: 1 });
    return json(404, { message: 'Not found', code: 'NOT_FOUND' });
  });
  renderRoutes([{ path: '*', element: <SearchResults query={query} /> }], '/discover');
  return requests;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('search results on Discover', () => {
  it('lists every match, best first, with Follow buttons that follow', async () => {
    signInAs();
    const requests = renderResults('amara', () => json(200, { items: creators }));
    expect(screen.getByRole('status').textContent).toContain('Loading creators');
    const section = await screen.findByRole('region', { name: 'Creators matching “amara”' });
    const links = await within(section).findAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Amara Okafor', 'Rui Amaral']);
    expect(links[0]?.getAttribute('href')).toBe('/public-profile/c-1');
    expect(within(section).getByText('2 creators')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Unfollow Rui Amaral' })).toBeTruthy();

    const search = requests.map(pathOf).find((url) => url.pathname === '/api/search');
    expect(search?.searchParams.get('q')).toBe('amara');
    expect(search?.searchParams.get('limit')).toBe('50');

    await userEvent.click(within(section).getByRole('button', { name: 'Follow Amara Okafor' }));
    await waitFor(() =>
      expect(requests.some((request) => pathOf(request).pathname.endsWith('/amara_films/follow'))).toBe(true),
    );
    expect(await within(section).findByRole('button', { name: 'Unfollow Amara Okafor' })).toBeTruthy();
  });

  it("marks the viewer's own page 'You', without a Follow button", async () => {
    signInAs();
    const requests = renderResults('amara', () =>
      json(200, { items: creators.map((item) => ({ ...item, isOwner: item.id === 'c-2' })) }),
    );
    const own = await screen.findByText('You');
    const card = own.parentElement as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Rui Amaral' }).getAttribute('href')).toBe(
      '/public-profile/amaral',
    );
    expect(within(card).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'Follow Amara Okafor' })).toBeTruthy();
    // The server said which page is the viewer's: nothing else is asked.
    expect(requests.map((request) => pathOf(request).pathname)).toEqual(['/api/search']);
  });

  it('says so when nobody matches', async () => {
    renderResults('zzzz', () => json(200, { items: [] }));
    expect(await screen.findByText('No creators match “zzzz”')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Clear search' }).getAttribute('href')).toBe('/discover');
  });

  it('shows a failure with a way to ask again', async () => {
    let calls = 0;
    renderResults('amara', () => {
      calls += 1;
      return calls === 1
        ? json(429, { message: 'Too many requests. Please wait a moment', code: 'RATE_LIMITED' })
        : json(200, { items: creators });
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Search is unavailable right now.');
    expect(alert.textContent).toContain('Too many requests. Please wait a moment');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Amara Okafor' })).toBeTruthy();
  });
});
