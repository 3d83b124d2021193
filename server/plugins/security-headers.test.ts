import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, writeFakeWebBuild } from '../test/helpers.ts';

describe('security headers', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
  });

  it('asks browsers to stay on HTTPS only when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://fans.example.com' });
    const plain = await createTestApp({ PUBLIC_URL: 'http://localhost:3000' });
    apps.push(secure, plain);
    for (const url of ['/api/health', '/', '/api/does-not-exist']) {
      const answer = await secure.app.inject({ method: 'GET', url });
      expect(answer.headers['strict-transport-security'], url).toBe('max-age=15552000; includeSubDomains');
      const local = await plain.app.inject({ method: 'GET', url });
      expect(local.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('turns off browser features the app does not use, on every page', async () => {
    const t = await createTestApp({ WEB_DIST_DIR: writeFakeWebBuild() });
    apps.push(t);
    for (const url of ['/', '/discover', '/no/such/page', '/favicon.svg']) {
      const policy = String((await t.app.inject({ method: 'GET', url })).headers['permissions-policy']);
      for (const off of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()'])
        expect(policy, url).toContain(off);
      // What the app does use stays available to itself.
      expect(policy).toContain('publickey-credentials-get=(self)');
      expect(policy).toMatch(/fullscreen=\(self "https:\/\/www\.youtube-nocookie\.com"/);
    }
  });

  it('gives a JSON answer, an event stream and an upload the headers that apply to them, short', async () => {
    const t = await createTestApp({});
    apps.push(t);
    const answers = {
      json: await t.app.inject({ method: 'GET', url: '/api/config' }),
      'JSON error': await t.app.inject({ method: 'GET', url: '/api/does-not-exist' }),
      // Hijacked: written past Fastify's hooks (server/routes/media/tus.ts).
      'tus upload': await t.app.inject({ method: 'OPTIONS', url: '/api/uploads' }),
    };
    for (const [what, answer] of Object.entries(answers)) {
      expect(answer.headers['content-security-policy'], what).toBe(
        "default-src 'none';frame-ancestors 'none'",
      );
      expect(answer.headers['x-content-type-options'], what).toBe('nosniff');
      expect(answer.headers['x-frame-options'], what).toBe('DENY');
      expect(answer.headers['cross-origin-resource-policy'], what).toBe('same-origin');
      // A page's policies do not apply to what is not a page.
      expect(answer.headers['permissions-policy'], what).toBeUndefined();
    }
    // A page under /api/ (the sandbox's checkout) is a page: it gets a page's headers.
    const missing = await t.app.inject({ method: 'GET', url: '/api/payments/sandbox/checkout/fp-nope' });
    expect(missing.headers['content-type']).toContain('text/html');
    expect(missing.headers['permissions-policy']).toContain('camera=()');
    expect(missing.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('lets the page load its web app manifest and service worker from its own origin only', async () => {
    const t = await createTestApp({ WEB_DIST_DIR: writeFakeWebBuild() });
    apps.push(t);
    const policy = String(
      (await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
    );
    expect(policy).toContain("manifest-src 'self'");
    expect(policy).toContain("worker-src 'self'");
  });
});
