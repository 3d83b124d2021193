import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, writeFakeWebBuild } from '../test/helpers.ts';

describe('HTTP conventions', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = writeFakeWebBuild();
    t = await createTestApp({ WEB_DIST_DIR: webDir });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers unknown /api routes with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({
      message: 'Route POST /api/does-not-exist not found',
      code: 'NOT_FOUND',
    });
  });

  it('sends strict security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((directive) => directive.startsWith('script-src'));
    expect(scriptSrc).toBe("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    // Media links made with PUBLIC_URL still load when the page is opened at another address.
    const imgSrc = csp.split(';').find((directive) => directive.startsWith('img-src'));
    expect(imgSrc?.split(' ')).toContain(new URL(t.config.publicUrl).origin);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the SPA for every route of the route table, and 404 with the SPA for others', async () => {
    for (const url of [
      '/',
      '/discover',
      '/public-profile/abc',
      '/public-profile/lucia.bakes',
      '/edit-profile/some.handle',
      '/post-ccontent',
      '/settings/fonts',
      '/reset-password?token=x',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    const reset = await t.app.inject({ method: 'GET', url: '/reset-password?token=secret' });
    expect(reset.headers['referrer-policy']).toBe('no-referrer');
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const unknown = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<div id="root">');
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
    const other = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(other.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it("sends the build's compressed copy of a file as it is, and no route of its own", async () => {
    // As scripts/precompress.ts leaves it: the file's brotli copy beside it.
    const file = path.join(webDir, 'assets', 'main-abc123.js');
    const copy = brotliCompressSync(readFileSync(file));
    writeFileSync(`${file}.br`, copy);
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.rawPayload.equals(copy)).toBe(true);
    expect(brotliDecompressSync(response.rawPayload).equals(readFileSync(file))).toBe(true);
    // Without brotli: compressed on the fly, from the file itself.
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(readFileSync(file))).toBe(true);
    const direct = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js.br' });
    expect(direct.statusCode).toBe(404);
    // The page keeps its own caching when its compressed copy is sent.
    writeFileSync(
      path.join(webDir, 'index.html.br'),
      brotliCompressSync(readFileSync(path.join(webDir, 'index.html'))),
    );
    const page = await t.app.inject({
      method: 'GET',
      url: '/discover',
      headers: { 'accept-encoding': 'br' },
    });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({
      method: 'GET',
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('does not fall back to the SPA for missing files', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(response.statusCode).toBe(404);
  });

  it('publishes the OpenAPI document and its reference page', async () => {
    const document = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(document.statusCode).toBe(200);
    const body = document.json();
    expect(body.openapi).toMatch(/^3\./);
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/ready', '/api/config']),
    );
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});
