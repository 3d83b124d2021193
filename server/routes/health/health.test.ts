import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

describe('health and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /api/health answers while the process is up', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', version: expect.any(String) });
  });

  it('GET /api/ready reports the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      database: 'up',
      driver: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
      redis: 'none',
    });
  });

  it('GET /api/config exposes only public settings', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual([
      'gaMeasurementId',
      'googleSignIn',
      'publicUrl',
      'siteName',
      'tips',
    ]);
    expect(body.tips).toEqual({ minCents: 100, maxCents: 20_000 });
    expect(JSON.stringify(body)).not.toContain(t.config.appSecret);
  });

  it('GET /api/ready is 503 once the database is gone', async () => {
    await t.app.services.database.close();
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'not_ready', database: 'down' });
  });
});
