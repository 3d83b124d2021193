import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../common/events.ts';
import type { Conversation } from '../../common/schemas/messages.ts';
import { type AccountsTestApp, createAccountsTestApp, post, signUpVerified } from '../test/accounts.ts';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { listen } from '../test/media.ts';
import { openEventStream } from '../test/sse.ts';
import { pageCookieToken } from './page-renderer.ts';

/**
 * A build with a server entry in the shape `vite build` gives dist/ssr/entry-server.js (the real one
 * is web/entry-server.tsx, checked in the browser by e2e/shell.e2e.ts). Its page asks the app's own
 * /api/health through the transport it is given, so the test sees what reaches the routes.
 */
const serverEntry = `
let transport;
export function setServerApiTransport(next) { transport = next; }
export async function renderPage(url, viewer) {
  const { pathname } = new URL(url);
  if (pathname === '/public-profile/broken') throw new Error('the page could not render');
  if (pathname === '/public-profile/whose') {
    const profile = await transport('/api/auth/profile');
    return {
      html: '<main><h1>' + (viewer ? 'Yours, ' + viewer.user.email : 'Anyone') + '</h1></main>',
      state: { profile: profile.status, token: viewer ? viewer.token : null },
      skeleton: '<div class="skeleton">Loading your page</div>',
    };
  }
  const health = await transport('/api/health?from=page');
  const write = await transport('/api/health', { method: 'POST' });
  return {
    html:
      '<link rel="preload" as="image" href="/first.jpg"/><main><h1>Rendered ' + pathname + '</h1>' +
      (pathname === '/' ? '<p>' + 'A long first page. '.repeat(100) + '</p>' : '') +
      "<p>Costs $$5, $& and $' stay as typed</p></main>",
    state: { status: (await health.json()).status, write: write.status, text: '</script><script>alert(1)</script>' },
    ...(pathname.startsWith('/public-profile/')
      ? { skeleton: '<div class="skeleton">Loading your page</div>' }
      : {}),
  };
}
`;

const template =
  '<!doctype html><html><head><title>Fanplace</title>' +
  '<script src="/theme-init.js"></script>' +
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react-abc.js"></head>' +
  '<body><div id="root"></div></body></html>';

function writeBuild(): string {
  const root = path.join(tmpdir(), `fp-ssr-${process.pid}-${Date.now()}`);
  mkdirSync(path.join(root, 'web', 'assets'), { recursive: true });
  mkdirSync(path.join(root, 'ssr'), { recursive: true });
  writeFileSync(path.join(root, 'web', 'index.html'), template);
  writeFileSync(path.join(root, 'ssr', 'entry-server.js'), serverEntry);
  return root;
}

describe('public pages rendered by the server', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = writeBuild();
    t = await createTestApp({ WEB_DIST_DIR: path.join(root, 'web') });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('puts the markup in #root, the data beside it and the image hints in <head>', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/discover' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = response.body;
    expect(html).toContain('<link rel="preload" as="image" href="/first.jpg"/></head>');
    expect(html).toContain(
      '<div id="root" data-server-rendered inert><main><h1>Rendered /discover</h1>' +
        "<p>Costs $$5, $& and $' stay as typed</p></main></div>",
    );
    // Data that says </script> cannot end its script element.
    expect(html).not.toContain('</script><script>alert(1)');
    const json = html.match(/<script type="application\/json" id="server-state">(.*?)<\/script>/)?.[1];
    expect(JSON.parse(json ?? 'null')).toEqual({
      status: 'ok',
      write: 405,
      text: '</script><script>alert(1)</script>',
    });
    // The app's module is asked for by theme-init.js once the page has painted, not by an element.
    expect(html).toContain('<script src="/theme-init.js" data-app="/assets/index-abc.js"></script>');
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-abc.js">',
    );
  });

  it('renders Home and a profile, and compresses the page', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(home.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(home.rawPayload).toString()).toContain('<h1>Rendered /</h1>');
    const profile = await t.app.inject({ method: 'GET', url: '/public-profile/lena.park' });
    expect(profile.body).toContain('<h1>Rendered /public-profile/lena.park</h1>');
  });

  it('puts the signed-in skeleton beside #root, when the build has one', async () => {
    const profile = await t.app.inject({ method: 'GET', url: '/public-profile/lena.park' });
    expect(profile.body).toContain(
      '<div id="session-skeleton" inert><div class="skeleton">Loading your page</div></div>' +
        '<div id="root" data-server-rendered inert><main><h1>Rendered /public-profile/lena.park</h1>',
    );
    const discover = await t.app.inject({ method: 'GET', url: '/discover' });
    expect(discover.body).not.toContain('session-skeleton');
  });

  it('sends the plain page when rendering fails, and for pages it does not render', async () => {
    const broken = await t.app.inject({ method: 'GET', url: '/public-profile/broken' });
    expect(broken.statusCode).toBe(200);
    expect(broken.body).toBe(template);
    const about = await t.app.inject({ method: 'GET', url: '/about' });
    expect(about.statusCode).toBe(200);
    expect(about.body).toBe(template);
  });
});

describe("a signed-in viewer's own page (the page cookie)", () => {
  let t: AccountsTestApp;
  let root: string;
  beforeAll(async () => {
    root = writeBuild();
    t = await createAccountsTestApp({ WEB_DIST_DIR: path.join(root, 'web') });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });
  const page = (cookie?: string) =>
    t.app.inject({ method: 'GET', url: '/public-profile/whose', headers: cookie ? { cookie } : {} });
  const stateOf = (html: string) =>
    JSON.parse(
      html.match(/<script type="application\/json" id="server-state">(.*?)<\/script>/)?.[1] ?? 'null',
    );

  it('renders for the session the cookie names, reads as them, and lets no cache keep it', async () => {
    const viewer = await signUpVerified(t);
    const response = await page(`theme=dark; fp_session=${encodeURIComponent(viewer.token)}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.vary).toMatch(/cookie/i);
    const html = response.body;
    expect(html).toContain(`<h1>Yours, ${viewer.email}</h1>`);
    // The page's reads were signed in as the viewer.
    expect(stateOf(html)).toEqual({ profile: 200, token: viewer.token });
    // Named, so a browser whose stored session is someone else's does not show it (theme-init.js).
    expect(html).toContain(`<meta name="viewer" content="${viewer.user.id}"><script src="/theme-init.js"`);
    expect(html).toMatch(
      /<div id="root" data-server-rendered data-viewer data-events-from="\d+" inert><main>/,
    );
    // The skeleton stays beside it for a device whose stored session differs.
    expect(html).toContain('<div id="session-skeleton" inert>');
  });

  it("renders the visitor's page, cacheable as before, for a missing, unknown or ended session", async () => {
    const viewer = await signUpVerified(t);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${viewer.token}` },
    });
    expect(logout.statusCode).toBeLessThan(300);
    for (const cookie of [
      undefined,
      'fp_session=not-a-token',
      `fp_session=${viewer.token}`,
      'fp_session=%E0%A4%A',
    ]) {
      const response = await page(cookie);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<h1>Anyone</h1>');
      expect(response.body).not.toContain('name="viewer"');
      expect(response.body).not.toContain('data-events-from');
      expect(stateOf(response.body)).toEqual({ profile: 401, token: null });
    }
  });

  it('names where its event stream starts: what is pushed after the render began is replayed, nothing before', async () => {
    const [viewer, friend] = await Promise.all([signUpVerified(t), signUpVerified(t)]);
    const conversation = (
      await post(t, '/api/conversations', { userId: viewer.user.id }, { token: friend.token })
    ).json<Conversation>();
    const say = (text: string) =>
      post(t, `/api/conversations/${conversation.id}/messages`, { text }, { token: friend.token });
    await say('before the page');
    const html = (await page(`fp_session=${encodeURIComponent(viewer.token)}`)).body;
    const from = Number(html.match(/data-events-from="(\d+)"/)?.[1]);
    expect(from).toBeGreaterThan(0);
    await say('after the page');
    // The app opens its stream once the page is idle, starting where the page said.
    const stream = await openEventStream(await listen(t), viewer.token, { lastEventId: from });
    try {
      await stream.waitFor((event) => event.event === 'ready');
      const texts = stream.events
        .filter((event) => event.event === 'message.created')
        .map((event) => (event.data as EventPayload<'message.created'>).message.text);
      expect(texts).toEqual(['after the page']);
    } finally {
      stream.close();
    }
  });

  it('reads the token from the cookie header alone', () => {
    expect(pageCookieToken('a=1; fp_session=abc%3D%3D; b=2')).toBe('abc==');
    expect(pageCookieToken('fp_sessionx=abc')).toBeNull();
    expect(pageCookieToken('fp_session=')).toBeNull();
    expect(pageCookieToken(undefined)).toBeNull();
  });
});
