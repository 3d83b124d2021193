import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreatorSummary } from '#common/schemas/creators.ts';
import { fakeMatchMedia } from '../../test/fake-media-query.ts';
import { json, type RecordedRequest, stubFetch } from '../../test/fetch-stub.ts';
import { renderRoutes } from '../../test/render-routes.tsx';
import { SearchForm } from './search-form.tsx';

const amara: CreatorSummary = {
  id: 'c-1',
  handle: 'amara_films',
  displayName: 'Amara Okafor',
  avatarUrl: null,
};
const tamar: CreatorSummary = { id: 'c-2', handle: 'tamarlens', displayName: 'Tamar Lens', avatarUrl: null };

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderSearch(answer: (query: string) => CreatorSummary[] | Response, { phone = false } = {}) {
  fakeMatchMedia(phone);
  const requests = stubFetch((request) => {
    const url = new URL(request.url, 'http://localhost');
    if (url.pathname !== '/api/search') return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    const result = answer(url.searchParams.get('q') ?? '');
    return result instanceof Response ? result : json(200, { items: result });
  });
  const view = renderRoutes(
    [
      {
        path: '*',
        element: (
          <>
            <SearchForm />
            <Where />
          </>
        ),
      },
    ],
    '/',
  );
  return { ...view, requests, box: screen.getByRole('searchbox', { name: 'Search creators' }) };
}

const searches = (requests: RecordedRequest[]) =>
  requests
    .map((request) => new URL(request.url, 'http://localhost'))
    .filter((url) => url.pathname === '/api/search');
const where = () => screen.getByTestId('where').textContent;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the top bar search', () => {
  it('asks once the typing settles and lists the ranked creators in a listbox', async () => {
    const { box, requests } = renderSearch(() => [amara, tamar]);
    await userEvent.type(box, 'amra okafr');
    await screen.findByRole('option', { name: /Amara Okafor/ });
    const list = screen.getByRole('listbox', { name: 'Search creators' });
    const options = within(list).getAllByRole('option');
    expect(options).toHaveLength(3);
    expect(options[0]?.textContent).toContain('Amara Okafor@amara_films');
    expect(options[1]?.textContent).toContain('Tamar Lens@tamarlens');
    expect(options[2]?.textContent).toBe('See all results for “amra okafr”');
    expect(screen.getByRole('combobox', { name: 'Search creators' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    // Debounced: one request for the settled text, not one per key.
    expect(searches(requests).map((url) => url.searchParams.get('q'))).toEqual(['amra okafr']);
    expect(searches(requests)[0]?.searchParams.get('limit')).toBe('6');
    expect(await screen.findByText('2 creators found')).toBeTruthy();
  });

  it('moves the highlight with the arrows, and Enter opens the highlighted creator', async () => {
    const { box } = renderSearch(() => [amara, tamar]);
    await userEvent.type(box, 'ama');
    await screen.findByRole('option', { name: /Amara Okafor/ });
    const list = screen.getByRole('listbox');
    const [first, second, all] = within(list).getAllByRole('option');
    await userEvent.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(first?.id);
    expect(first?.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(all?.id);
    await userEvent.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(first?.id);
    await userEvent.keyboard('{ArrowUp}');
    expect(box.getAttribute('aria-activedescendant')).toBe(all?.id);
    await userEvent.keyboard('{ArrowUp}');
    expect(box.getAttribute('aria-activedescendant')).toBe(second?.id);
    await userEvent.keyboard('{Enter}');
    expect(where()).toBe('/public-profile/tamarlens');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('opens Discover with the query on Enter when nothing is highlighted, and Escape closes the list', async () => {
    const { box } = renderSearch(() => [amara]);
    await userEvent.type(box, 'amara');
    await screen.findByRole('option', { name: /Amara Okafor/ });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect((box as HTMLInputElement).value).toBe('amara');
    await userEvent.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox')).toBeTruthy();
    // Down highlights the creator, Up wraps to 'See all results'.
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(where()).toBe('/discover?q=amara');
  });

  it('Enter before any answer still opens the full results', async () => {
    const { box } = renderSearch(() => [amara]);
    await userEvent.type(box, 'cats{Enter}');
    expect(where()).toBe('/discover?q=cats');
  });

  it('opens a creator on click, says when nobody matches, and when search fails', async () => {
    const { box } = renderSearch((query) =>
      query === 'zzz'
        ? []
        : query === 'boom'
          ? json(503, { message: 'Service unavailable', code: 'UNAVAILABLE' })
          : [amara],
    );
    await userEvent.type(box, 'zzz');
    expect(await screen.findByText('No creators match “zzz”')).toBeTruthy();
    await userEvent.clear(box);
    await userEvent.type(box, 'boom');
    expect(await screen.findByText('Search is unavailable right now')).toBeTruthy();
    await userEvent.clear(box);
    await userEvent.type(box, 'amara');
    await userEvent.click(await screen.findByRole('option', { name: /Amara Okafor/ }));
    await waitFor(() => expect(where()).toBe('/public-profile/amara_films'));
  });

  it('opens upwards from the phone bottom bar', async () => {
    const { box } = renderSearch(() => [amara], { phone: true });
    await userEvent.type(box, 'amara');
    const list = await screen.findByRole('listbox');
    expect(list.parentElement?.className).toContain('bottom-full');
  });
});
