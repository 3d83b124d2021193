import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Analytics = typeof import('./analytics.ts');

async function freshAnalytics(): Promise<Analytics> {
  vi.resetModules();
  return import('./analytics.ts');
}

const gtagScripts = () =>
  [...document.querySelectorAll('script')].filter((script) =>
    script.src.startsWith('https://www.googletagmanager.com/'),
  );

interface HappyDomWindow {
  happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } };
}

beforeEach(() => {
  // happy-dom never fetches scripts; let the gtag.js tag "load" instead of logging a failure.
  (window as unknown as HappyDomWindow).happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;
  delete window.gtag;
  delete window.dataLayer;
});

afterEach(() => {
  for (const script of gtagScripts()) script.remove();
});

describe('analytics', () => {
  it('stays off and quiet when no measurement id is configured', async () => {
    const analytics = await freshAnalytics();
    analytics.trackButtonClick('discover_creators');
    analytics.configureAnalytics(null);
    analytics.trackPageView({ path: '/', title: 'Home | Fanplace', referrer: '' });
    expect(gtagScripts()).toHaveLength(0);
    expect(window.dataLayer).toBeUndefined();
  });

  it('loads gtag.js from Google and sends events queued before the config arrived', async () => {
    const analytics = await freshAnalytics();
    analytics.trackPageView({ path: '/discover?q=cats', title: 'Discover | Fanplace', referrer: '' });
    analytics.configureAnalytics('G-TEST123');
    analytics.trackError('Boom');
    analytics.identify('user-1');

    expect(gtagScripts().map((script) => script.src)).toEqual([
      'https://www.googletagmanager.com/gtag/js?id=G-TEST123',
    ]);
    const calls = (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
    expect(calls).toContainEqual(['config', 'G-TEST123', { send_page_view: false }]);
    expect(calls).toContainEqual([
      'event',
      'page_view',
      expect.objectContaining({ page_path: '/discover?q=cats', page_title: 'Discover | Fanplace' }),
    ]);
    expect(calls).toContainEqual(['event', 'error', { error_message: 'Boom', error_code: 'unknown' }]);
    expect(calls).toContainEqual(['set', { user_id: 'user-1' }]);
  });

  it('never throws, even when gtag itself does', async () => {
    const analytics = await freshAnalytics();
    analytics.configureAnalytics('G-TEST123');
    window.gtag = () => {
      throw new Error('blocked by an extension');
    };
    expect(() => analytics.trackFormSubmit('search')).not.toThrow();
    expect(() => analytics.trackButtonClick('follow')).not.toThrow();
  });
});
