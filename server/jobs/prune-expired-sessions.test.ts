import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { PRUNE_EXPIRED_SESSIONS } from './prune-expired-sessions.ts';

describe('prune-expired-sessions job (pg-boss on the app database)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { runJobs: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('removes expired sessions and keeps live ones', async () => {
    const { db } = t.app.services.database;
    const [user] = await db.insert(users).values({ email: 'jobs@example.com' }).returning();
    if (!user) throw new Error('no user');
    const hour = 60 * 60 * 1000;
    await db.insert(sessions).values([
      { userId: user.id, tokenHash: 'expired', expiresAt: new Date(Date.now() - hour) },
      { userId: user.id, tokenHash: 'live', expiresAt: new Date(Date.now() + hour) },
    ]);

    const jobId = await t.app.services.queue.send(PRUNE_EXPIRED_SESSIONS, {});
    if (!jobId) throw new Error('job was not queued');
    expect(await t.app.services.queue.waitFor(PRUNE_EXPIRED_SESSIONS, jobId)).toBe('completed');

    const left = await db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(left).toEqual([{ tokenHash: 'live' }]);
  });
});
