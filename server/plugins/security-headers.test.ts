import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';

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

  it('turns off browser features the app does not use, on every answer', async () => {
    const t = await createTestApp({});
    apps.push(t);
    for (const url of ['/api/health', '/', '/api/does-not-exist', '/api/config']) {
      const policy = String((await t.app.inject({ method: 'GET', url })).headers['permissions-policy']);
      for (const off of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()'])
        expect(policy, url).toContain(off);
      // What the app does use stays available to itself.
      expect(policy).toContain('publickey-credentials-get=(self)');
      expect(policy).toMatch(/fullscreen=\(self "https:\/\/www\.youtube-nocookie\.com"/);
    }
  });

  it('lets the page load its web app manifest and service worker from its own origin only', async () => {
    const t = await createTestApp({});
    apps.push(t);
    const policy = String(
      (await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
    );
    expect(policy).toContain("manifest-src 'self'");
    expect(policy).toContain("worker-src 'self'");
  });
});
