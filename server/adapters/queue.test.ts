import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { freshDatabaseEnv } from '../test/helpers.ts';
import { type Queue, reasonOf, startQueue } from './queue.ts';

describe('the job queue', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let queue: Queue;
  const lines: { message: string; details: Record<string, unknown> }[] = [];
  const gaveUp: { data: unknown; reason: string }[] = [];
  let runs = 0;
  beforeAll(async () => {
    const fresh = await freshDatabaseEnv();
    drop = fresh.drop;
    database = await openDatabase(loadConfig({ NODE_ENV: 'test', ...fresh.env }, { ephemeral: true }));
    const log = {
      info: (details: object, message: string) => lines.push({ message, details: { ...details } }),
      error: (details: object, message: string) => lines.push({ message, details: { ...details } }),
    };
    queue = await startQueue(database, {
      work: true,
      log,
      onError: () => {},
      jobs: [
        {
          name: 'always-fails',
          settings: { retryLimit: 1, retryDelaySeconds: 1 },
          async handle() {
            runs += 1;
            throw new Error('the disk is full');
          },
          async onFailed(data, reason) {
            gaveUp.push({ data, reason });
          },
        },
        { name: 'works', async handle() {} },
        // Polled so rarely that only being woken runs it within a test's wait.
        { name: 'rarely-polled', pollSeconds: 600, async handle() {} },
      ],
    });
  });
  afterAll(async () => {
    await queue.stop();
    await database.close();
    await drop();
  });

  it('retries a failing job, then ends it failed and hands its reason on', async () => {
    const id = await queue.send('always-fails', { mediaId: 'm-1' });
    expect(await queue.waitFor('always-fails', id ?? '', 30_000)).toBe('failed');
    expect(runs).toBe(2);
    await expect
      .poll(() => gaveUp, { timeout: 15_000 })
      .toEqual([{ data: { mediaId: 'm-1' }, reason: 'the disk is full' }]);
  });

  it('logs each job start and end with its duration', async () => {
    const id = await queue.send('works', {});
    expect(await queue.waitFor('works', id ?? '')).toBe('completed');
    const mine = lines.filter((line) => line.details.jobId === id);
    expect(mine.map((line) => line.message)).toEqual(['job started', 'job finished']);
    expect(mine[1]?.details).toMatchObject({ job: 'works', attempt: 1, durationMs: expect.any(Number) });
    const counts = await queue.counts();
    expect(counts.find((entry) => entry.name === 'works')).toMatchObject({ active: 0 });
  });

  it('starts a job it queued itself at once, without waiting for its worker to poll', async () => {
    // The worker's first poll comes as it starts; after the first job it waits 600 s for the next.
    const first = await queue.send('rarely-polled', {});
    expect(await queue.waitFor('rarely-polled', first ?? '', 10_000)).toBe('completed');
    const second = await queue.send('rarely-polled', {});
    expect(await queue.waitFor('rarely-polled', second ?? '', 10_000)).toBe('completed');
  });

  it('words the reasons pg-boss gives for a lost job plainly', () => {
    expect(reasonOf({ value: { message: 'job heartbeat timeout' } })).toBe(
      'the worker stopped before finishing',
    );
    expect(reasonOf({ value: { message: 'job timed out' } })).toBe('it took too long');
    expect(reasonOf({ message: 'ffprobe could not read it', stack: '...' })).toBe(
      'ffprobe could not read it',
    );
    expect(reasonOf(null)).toBe('it stopped without finishing');
  });
});
