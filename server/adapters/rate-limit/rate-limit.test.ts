import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { type AccountsTestApp, createAccountsTestApp, post, uniqueEmail } from '../../test/accounts.ts';
import { createTestClock, MINUTE, type TestClock } from '../../test/clock.ts';
import { createRedisClient } from '../redis.ts';
import { createRateLimiter } from './index.ts';
import { createMemoryStore } from './memory-store.ts';
import { createRedisStore } from './redis-store.ts';
import type { RateLimitStore } from './store.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const quiet = { warn() {}, info() {} };
const redisStore = (clock: TestClock) =>
  createRedisStore(createRedisClient(redisUrl ?? '', quiet, { role: 'test' }), clock);

const drivers: [string, (clock: TestClock) => RateLimitStore][] = [
  ['memory', (clock) => createMemoryStore(clock)],
];
if (redisUrl) drivers.push(['redis', (clock) => redisStore(clock)]);

describe.each(drivers)('the %s rate-limit store', (_name, open) => {
  const stores: RateLimitStore[] = [];
  const make = (clock: TestClock) => {
    const store = open(clock);
    stores.push(store);
    return store;
  };
  afterAll(async () => {
    for (const store of stores) await store.close();
  });
  const key = () => `fp:test:${randomBytes(8).toString('hex')}`;

  it('counts events in a window opened by the first one, and starts afresh after it', async () => {
    const clock = createTestClock();
    const store = make(clock);
    const k = key();
    expect(await store.hit(k, 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    clock.advance(20_000);
    expect(await store.hit(k, 60_000)).toEqual({ count: 2, resetInMs: 40_000 });
    expect(await store.peek(k)).toEqual({ count: 2, resetInMs: 40_000 });
    clock.advance(40_000);
    expect(await store.peek(k)).toBeNull();
    expect(await store.hit(k, 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
  });

  it('forgets a key on reset', async () => {
    const store = make(createTestClock());
    const k = key();
    await store.hit(k, 60_000);
    await store.reset(k);
    expect(await store.peek(k)).toBeNull();
  });

  it('backs a limiter that answers the seconds left once over the limit', async () => {
    const clock = createTestClock();
    const limiter = createRateLimiter(make(clock), `fp:test:${randomBytes(4).toString('hex')}`);
    const rule = { limit: 2, windowMs: 10 * MINUTE };
    expect(await limiter.consume('scope', 'someone', rule)).toBeNull();
    expect(await limiter.consume('scope', 'someone', rule)).toBeNull();
    expect(await limiter.blocked('scope', 'someone', 2)).toBe(600);
    clock.advance(MINUTE + 500);
    expect(await limiter.consume('scope', 'someone', rule)).toBe(540);
    expect(await limiter.consume('scope', 'someone else', rule)).toBeNull();
    clock.advance(9 * MINUTE);
    expect(await limiter.consume('scope', 'someone', rule)).toBeNull();
  });
});

describe.runIf(redisUrl)('the Redis store across processes', () => {
  const apps: AccountsTestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('shares counts between two stores on the same Redis', async () => {
    const clock = createTestClock();
    const first = redisStore(clock);
    const second = redisStore(clock);
    const k = `fp:test:${randomBytes(8).toString('hex')}`;
    await first.hit(k, 60_000);
    expect(await second.hit(k, 60_000)).toMatchObject({ count: 2 });
    await first.close();
    await second.close();
  });

  it('locks an account on one app instance for every other instance on the same Redis', async () => {
    const env = { REDIS_URL: redisUrl ?? '' };
    const [a, b] = [await createAccountsTestApp(env), await createAccountsTestApp(env)];
    apps.push(a, b);
    const email = uniqueEmail('shared');
    for (let i = 0; i < 10; i++) {
      expect((await post(a, '/api/auth/signin', { email, password: `wrong ${i}` })).statusCode).toBe(401);
    }
    const elsewhere = await post(b, '/api/auth/signin', { email, password: 'whatever it is' });
    expect(elsewhere.statusCode).toBe(429);
    expect(elsewhere.json().retryAfterSeconds).toBeGreaterThan(800);
  });
});
