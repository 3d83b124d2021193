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
  try {
    // Signed in: the server's signed-out first paint stays hidden until the app replaces it
    // (index.html; server/plugins/page-renderer.ts). Mirrors storageKeys.token.
    if (window.localStorage.getItem('token')) document.documentElement.dataset.session = '';
  } catch (_error) {
    // Storage unavailable: nobody is signed in on this device.
  }
})();
