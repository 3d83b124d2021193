import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type AccountsTestApp,
  createAccountsTestApp,
  post,
  signUp,
  signUpVerified,
} from '../test/accounts.ts';
import { freePort, startRedis, stopRedis } from '../test/redis-server.ts';

/** Runs a request and tells how long it took. */
async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await run();
  return { result, ms: performance.now() - started };
}

async function readiness(t: AccountsTestApp) {
  const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
  const body = response.json<{ status: string; redis: string }>();
  return { status: response.statusCode, state: body.status, redis: body.redis };
}

describe('Redis going away under a running server', () => {
  const redises: ChildProcess[] = [];
  const apps: AccountsTestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const redis of redises) await stopRedis(redis);
  });

  it('reports it in /api/ready as degraded (still serving), keeps sign-in and sign-up answering quickly, and recovers', async () => {
    const port = await freePort();
    let redis = await startRedis(port);
    redises.push(redis);
    const t = await createAccountsTestApp({
      REDIS_URL: `redis://127.0.0.1:${port}`,
      METRICS_TOKEN: 'outage-metrics-token-1234',
    });
    apps.push(t);
    const redisMetric = async () =>
      /^dependency_up\{dependency="redis"\} (\d)$/m.exec(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/metrics',
            headers: { authorization: 'Bearer outage-metrics-token-1234' },
          })
        ).body,
      )?.[1];
    await expect.poll(() => readiness(t)).toEqual({ status: 200, state: 'ready', redis: 'up' });
    expect(await redisMetric()).toBe('1');
    const account = await signUpVerified(t);

    await stopRedis(redis);
    const ready = await timed(() => readiness(t));
    // A load balancer following /api/ready keeps this process: it serves without Redis.
    expect(ready.result).toEqual({ status: 200, state: 'degraded', redis: 'down' });
    expect(await redisMetric()).toBe('0');
    expect(ready.ms).toBeLessThan(2000);
    for (const attempt of [1, 2]) {
      const wrong = await timed(() =>
        post(t, '/api/auth/signin', { email: account.email, password: `wrong-${attempt}` }),
      );
      expect(wrong.result.statusCode).toBe(401);
      expect(wrong.ms).toBeLessThan(2000);
    }
    const right = await timed(() =>
      post(t, '/api/auth/signin', { email: account.email, password: account.password }),
    );
    expect(right.result.statusCode).toBe(200);
    expect(right.ms).toBeLessThan(2000);
    const signup = await timed(() => signUp(t));
    expect(signup.result.code).toMatch(/^\d{6}$/);
    expect(signup.ms).toBeLessThan(2000);

    // Rate limits still hold, from this process's memory: the sign-in lock after ten failures.
    let last = 0;
    for (let i = 0; i < 12; i++) {
      last = (await post(t, '/api/auth/signin', { email: account.email, password: `again-${i}` })).statusCode;
    }
    expect(last).toBe(429);

    redis = await startRedis(port);
    redises.push(redis);
    await expect
      .poll(() => readiness(t), { timeout: 15_000 })
      .toEqual({ status: 200, state: 'ready', redis: 'up' });
  }, 60_000);

  it('starts without waiting for a Redis that is not there, degraded until it comes', async () => {
    const port = await freePort();
    const started = await timed(() => createAccountsTestApp({ REDIS_URL: `redis://127.0.0.1:${port}` }));
    const t = started.result;
    apps.push(t);
    expect(started.ms).toBeLessThan(20_000);
    await expect.poll(() => readiness(t)).toEqual({ status: 200, state: 'degraded', redis: 'down' });
    const signup = await timed(() => signUp(t));
    expect(signup.ms).toBeLessThan(2000);

    const redis = await startRedis(port);
    redises.push(redis);
    await expect
      .poll(() => readiness(t), { timeout: 15_000 })
      .toEqual({ status: 200, state: 'ready', redis: 'up' });
  }, 60_000);
});
