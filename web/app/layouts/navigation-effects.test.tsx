// @vitest-isolate: analytics is configured once per page load (the first answer wins), so this
// file needs an analytics module that no other file has configured.
import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useParams } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { limits } from '#common/limits.ts';
import { configureAnalytics } from '../../lib/analytics.ts';
import { PageViewTracker, ScrollToTop } from './navigation-effects.tsx';

interface HappyDomWindow {
  happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } };
}

/** A page that names itself the way real pages do, before the tracker's effect runs. */
function Page() {
  const { name = 'home' } = useParams();
  useEffect(() => {
    document.title = `${name} | Fanplace`;
  }, [name]);
  return (
    <div>
      <h1>{name}</h1>
      <section id="faq">FAQ</section>
      <section id="plans and prices">Plans</section>
    </div>
  );
}

function Frame() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
      <PageViewTracker />
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Frame />,
        children: [
          { path: '/', element: <Page /> },
          { path: '/:name', element: <Page /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** The page views analytics handed to gtag.js, oldest first. */
function pageViews(): Array<Record<string, string>> {
  return (window.dataLayer ?? [])
    .map((entry) => Array.from(entry as ArrayLike<unknown>))
    .filter((call) => call[0] === 'event' && call[1] === 'page_view')
    .map((call) => call[2] as Record<string, string>);
}

beforeAll(() => {
  // happy-dom never fetches scripts; let the gtag.js tag "load" so analytics stays on.
  (window as unknown as HappyDomWindow).happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;
  configureAnalytics('G-NAVTEST');
});

beforeEach(() => {
  window.dataLayer = [];
});

describe('PageViewTracker', () => {
  it('reports the first page with the document referrer and the page title', async () => {
    renderAt('/discover?q=cats');
    await vi.waitFor(() => expect(pageViews()).toHaveLength(1));
    expect(pageViews()[0]).toEqual({
      page_location: `${window.location.origin}/discover?q=cats`,
      page_path: '/discover?q=cats',
      page_title: 'discover | Fanplace',
      page_referrer: document.referrer,
    });
  });

  it('reports a page view on every path change and every query change, with the previous page as referrer', async () => {
    const router = renderAt('/');
    await vi.waitFor(() => expect(pageViews()).toHaveLength(1));

    await act(() => router.navigate('/discover'));
    await act(() => router.navigate('/discover?q=cats'));
    await act(() => router.navigate('/discover?q=dogs'));

    expect(pageViews().map((view) => view.page_path)).toEqual([
      '/',
      '/discover',
      '/discover?q=cats',
      '/discover?q=dogs',
    ]);
    expect(pageViews()[1]).toMatchObject({
      page_title: 'discover | Fanplace',
      page_referrer: `${window.location.origin}/`,
    });
    expect(pageViews()[3]?.page_referrer).toBe(`${window.location.origin}/discover?q=cats`);
  });

  it('does not report again when only the hash changes or the same URL is pushed again', async () => {
    const router = renderAt('/pricing');
    await vi.waitFor(() => expect(pageViews()).toHaveLength(1));

    await act(() => router.navigate('/pricing#faq'));
    await act(() => router.navigate('/pricing'));

    expect(pageViews().map((view) => view.page_path)).toEqual(['/pricing']);
  });
});

describe('ScrollToTop', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('scrolls to the top on every route change and once more after 100 ms', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const router = renderAt('/');
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    await act(() => vi.advanceTimersByTimeAsync(limits.scrollToTopRepeatMs - 1));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(scrollTo).toHaveBeenCalledTimes(2);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    await act(() => router.navigate('/about'));
    expect(scrollTo).toHaveBeenCalledTimes(3);
    await act(() => vi.advanceTimersByTimeAsync(limits.scrollToTopRepeatMs));
    expect(scrollTo).toHaveBeenCalledTimes(4);

    // No further scrolls once the repeat has run: content the user scrolls later is left alone.
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(scrollTo).toHaveBeenCalledTimes(4);
  });

  it('cancels the pending repeat when the user moves on within 100 ms', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const router = renderAt('/');
    await act(() => vi.advanceTimersByTimeAsync(50));
    await act(() => router.navigate('/about'));
    expect(scrollTo).toHaveBeenCalledTimes(2);

    await act(() => vi.advanceTimersByTimeAsync(limits.scrollToTopRepeatMs));
    // One repeat for /about; the one for / was cancelled.
    expect(scrollTo).toHaveBeenCalledTimes(3);
  });

  it('lands on the section a #hash names instead of the top, again after 100 ms', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const scrolledInto: string[] = [];
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      scrolledInto.push(this.id);
    });
    const router = renderAt('/pricing');
    await act(() => vi.advanceTimersByTimeAsync(limits.scrollToTopRepeatMs));
    expect(scrollTo).toHaveBeenCalledTimes(2);

    await act(() => router.navigate('/pricing#faq'));
    expect(scrolledInto).toEqual(['faq']);
    await act(() => vi.advanceTimersByTimeAsync(limits.scrollToTopRepeatMs));
    expect(scrolledInto).toEqual(['faq', 'faq']);

    await act(() => router.navigate('/pricing#plans%20and%20prices'));
    expect(scrolledInto.at(-1)).toBe('plans and prices');

    // A hash that names nothing falls back to the top.
    await act(() => router.navigate('/about#missing'));
    expect(scrollTo).toHaveBeenCalledTimes(3);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });
});
