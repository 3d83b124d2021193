import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../components/ui/tooltip.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { fakeMatchMedia } from '../test/fake-media-query.ts';
import { json, stubFetch } from '../test/fetch-stub.ts';
import { pageFor, pageReady } from './pages.ts';
import { AppRoutes } from './router.tsx';

let navigate: NavigateFunction = () => undefined;
let shown = '';
function CaptureNavigate() {
  navigate = useNavigate();
  const { pathname, search } = useLocation();
  shown = `${pathname}${search}`;
  return null;
}

function renderAppAt(path: string) {
  // A phone-sized screen: no side panel. Whatever the layout asks the API for is answered empty.
  fakeMatchMedia(false);
  const requests = stubFetch(() => json(404, { message: 'Not found' }));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TooltipProvider>
        <MemoryRouter initialEntries={[path]}>
          <CaptureNavigate />
          <AppRoutes />
        </MemoryRouter>
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return requests;
}

const loading = () => screen.queryByText('Loading page…');
const heading = (name: string) => screen.queryByRole('heading', { level: 1, name });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AppRoutes', () => {
  it('shows the loading state only for the first page, and keeps a page on screen until the next one has loaded', async () => {
    expect(pageReady('/terms')).toBe(false);
    renderAppAt('/terms');
    expect(loading()).not.toBeNull();
    await waitFor(() => expect(heading('Terms of Service')).not.toBeNull());
    expect(loading()).toBeNull();

    // The next page's code is not here yet: the page before stays, with no loading state.
    expect(pageReady('/privacy')).toBe(false);
    act(() => navigate('/privacy'));
    expect(heading('Terms of Service')).not.toBeNull();
    expect(loading()).toBeNull();
    await waitFor(() => expect(heading('Privacy Policy')).not.toBeNull());
    expect(heading('Terms of Service')).toBeNull();

    // Back to a page whose code has loaded: at once.
    act(() => navigate('/terms'));
    expect(heading('Terms of Service')).not.toBeNull();
  });

  it('matches an address to its page as the routes do, unknown ones to Not Found', () => {
    expect(pageFor('/')?.path).toBe('/');
    expect(pageFor('/public-profile/amara.paints')?.path).toBe('/public-profile/:id');
    expect(pageFor('/no-such-page')?.path).toBe('*');
    // Not a page: it sends the visitor on to Post Content.
    expect(pageFor('/post-content')).toBeNull();
  });

  it('gives a page the parts of its address, and sends the alias on to Post Content', async () => {
    const requests = renderAppAt('/public-profile/some.creator');
    // The profile asks for the creator its address names.
    await waitFor(() => expect(requests.some((request) => request.url.includes('some.creator'))).toBe(true));

    act(() => navigate('/post-content?type=photo'));
    await waitFor(() => expect(shown).toBe('/post-ccontent?type=photo'));
  });
});
