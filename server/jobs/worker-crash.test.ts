import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaView } from '../../common/schemas/media.ts';
import { signUpVerified } from '../test/accounts.ts';
import { createMediaTestApp, type MediaTestApp, tusUpload, waitForProcessing } from '../test/media.ts';
import { jpeg } from '../test/media-fixtures.ts';
import { startProcess, until } from '../test/processes.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;

const startWorker = (env: Record<string, string>) => startProcess('server/worker.ts', env);

/** Needs the machine's PostgreSQL: `npm run worker` runs only there. */
describe.skipIf(!databaseUrl)('a worker killed in the middle of a job', () => {
  let t: MediaTestApp;
  const workers: ChildProcess[] = [];
  beforeAll(async () => {
    t = await createMediaTestApp();
  });
  afterAll(async () => {
    for (const worker of workers)
      if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
    await t.close();
  });

  it('leaves its job to another worker, done within 60 s instead of "processing" for its whole expiry', async () => {
    if (t.config.database.driver !== 'postgres') throw new Error('needs PostgreSQL');
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: t.config.database.url,
      DATA_DIR: t.config.dataDir,
      APP_SECRET: t.config.appSecret,
    };
    const owner = await signUpVerified(t);
    const { last } = await tusUpload(t, owner.token, await jpeg(800, 600));
    const id = last.json<MediaView>().id;

    // Holds the media row, so the job stops at its last step (saving the renditions) until released.
    const holder = new pg.Client({ connectionString: t.config.database.url });
    await holder.connect();
    await holder.query('begin');
    await holder.query('select id from media where id = $1 for update', [id]);

    const first = startWorker(env);
    workers.push(first.child);
    await until(() => /"job":"process-media".*"msg":"job started"/.test(first.output()), 'the job to start');
    await until(async () => {
      const { rows } = await holder.query(
        "select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
      );
      return rows[0].waiting > 0;
    }, 'the job to wait on the row');
    const killed = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await killed;
    const killedAt = Date.now();
    await holder.query('rollback');
    await holder.end();

    const second = startWorker(env);
    workers.push(second.child);
    await until(
      () => /"job":"process-media".*"attempt":[2-9].*"msg":"job finished"/.test(second.output()),
      'the job to run again and finish',
    );
    expect(Date.now() - killedAt).toBeLessThan(60_000);
    const view = await waitForProcessing(t, owner.token, id);
    expect(view.status).toBe('ready');
  }, 150_000);
});
