import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const token = 'metrics-token-for-tests-0123456789';

describe('request ids and metrics', () => {
  let t: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: token, TRUST_PROXY: '127.0.0.1,10.1.0.0/16' });
    plain = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await plain.close();
  });

  it('gives every request a UUID of its own and echoes it', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const response = await plain.app.inject({ method: 'GET', url: '/api/health' });
      const id = String(response.headers['x-request-id']);
      expect(id).toMatch(UUID);
      ids.add(id);
    }
    expect(ids.size).toBe(3);
    // Without TRUST_PROXY a client cannot choose its id.
    const chosen = await plain.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'from-the-client' },
    });
    expect(chosen.headers['x-request-id']).toMatch(UUID);
  });

  it('takes the id a trusted proxy sends, and only from it', async () => {
    const fromProxy = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'edge-4f2a.77' },
      remoteAddress: '10.1.4.2',
    });
    expect(fromProxy.headers['x-request-id']).toBe('edge-4f2a.77');
    const fromElsewhere = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'edge-4f2a.78' },
      remoteAddress: '192.0.2.9',
    });
    expect(fromElsewhere.headers['x-request-id']).toMatch(UUID);
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'a b\u0007' },
    });
    expect(malformed.headers['x-request-id']).toMatch(UUID);
  });

  it('serves Prometheus metrics to the token holder only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: 'Bearer nope' } }))
        .statusCode,
    ).toBe(401);
    await t.app.inject({ method: 'GET', url: '/api/posts/not-a-post' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/health",status="200"\} [1-9]/);
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/health"}',
    );
    expect(text).toContain('route="/api/posts/:id"');
    expect(text).not.toContain('not-a-post');
    expect(text).toMatch(/^event_streams_open 0$/m);
    expect(text).toMatch(/^jobs\{queue="process-media",state="queued"\} \d+$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    if (t.config.database.driver === 'postgres') {
      expect(text).toMatch(/^database_pool_connections\{state="total"\} \d+$/m);
    }
  });

  it('exports the newest payout reconciliation', async () => {
    const metrics = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/metrics',
          headers: { authorization: `Bearer ${token}` },
        })
      ).body;
    expect(await metrics()).toMatch(/^payout_reconcile_last_run_seconds 0$/m);
    const reconciliation = t.app.services.payouts.reconciliation;
    if (!reconciliation) throw new Error('the sandbox transfers are on by default');
    const to = new Date();
    await reconciliation.reconcile({ from: new Date(to.getTime() - 86_400_000), to });
    const text = await metrics();
    expect(text).toMatch(/^payout_reconcile_differences\{kind="status"\} 0$/m);
    expect(text).toMatch(/^payout_reconcile_differences\{kind="unknown_to_us"\} 0$/m);
    expect(text).toMatch(
      new RegExp(`^payout_reconcile_last_run_seconds ${Math.floor(to.getTime() / 1000)}`, 'm'),
    );
  });

  it('has no metrics endpoint without METRICS_TOKEN', async () => {
    expect((await plain.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(404);
  });
});
