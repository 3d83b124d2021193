// Applies the saved theme before the first paint (no flash of the wrong colours).
// Kept as an external file because the Content-Security-Policy allows no inline scripts.
// Mirrors web/lib/theme.ts: 'ui-theme' is light, dark or system (the default).
(() => {
  try {
    const saved = window.localStorage.getItem('ui-theme');
    const theme = saved === 'light' || saved === 'dark' ? saved : 'system';
    const dark =
      theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch (_error) {
    // Storage or matchMedia unavailable: the light default stays until the app starts.
  }
  // The page the server rendered is shown only to the session it was rendered for: signed out,
  // the visitor's page; signed in, the viewer's own (named by <meta name="viewer">). Otherwise it
  // stays hidden, and its skeleton shows, until the app replaces both (index.html;
  // server/plugins/page-renderer.ts). Mirrors storageKeys.token and storageKeys.user.
  const viewer = document.querySelector('meta[name="viewer"]')?.getAttribute('content') ?? null;
  let stored = null;
  try {
    if (window.localStorage.getItem('token'))
      stored = String(JSON.parse(window.localStorage.getItem('user')).id);
  } catch (_error) {
    // Storage unavailable or unreadable: nobody is signed in on this device.
  }
  if (stored !== viewer) document.documentElement.dataset.session = '';
})();

// A page painted by the server names the app's module on this script (data-app): it is asked
// for once that page has painted, so a slow network serves the first paint first (decision 0032).
// When the page is not this device's session's, it is asked for at once: the page shows only its
// skeleton until the app has run.
(() => {
  const app = document.currentScript?.dataset.app;
  if (!app) return;
  let asked = false;
  const load = () => {
    if (asked) return;
    asked = true;
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = app;
    document.head.append(script);
  };
  if (document.documentElement.dataset.session !== undefined) return load();
  // A hidden tab paints nothing; without paint timing, the first frame after parsing stands in.
  if (document.visibilityState === 'hidden') return load();
  if (window.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((entries, observer) => {
      if (!entries.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(load, 0);
    }).observe({ type: 'paint', buffered: true });
    setTimeout(load, 3000);
  } else
    document.addEventListener('DOMContentLoaded', () => requestAnimationFrame(() => setTimeout(load, 0)));
})();
