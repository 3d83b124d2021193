import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';

/** A port nothing listens on (taken from the OS, then released). */
const closedPort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

const open = (url: string) => openDatabase(loadConfig({ DATABASE_URL: url, NODE_ENV: 'test' }));

describe('a database that cannot be reached at start', () => {
  it('names DATABASE_URL and what to do when nothing listens, without the password', async () => {
    const port = await closedPort();
    const failure = open(`postgres://fanplace:hunter2-secret@127.0.0.1:${port}/fanplace`);
    await expect(failure).rejects.toBeInstanceOf(ConfigError);
    await expect(failure).rejects.toThrow(
      `DATABASE_URL: nothing answers at 127.0.0.1:${port} (connection refused). Start PostgreSQL there, or fix DATABASE_URL.`,
    );
    await expect(failure).rejects.not.toThrow(/hunter2/);
  });

  const server = process.env.TEST_DATABASE_URL;
  it.skipIf(!server)('names the database that does not exist', async () => {
    const url = new URL(server ?? '');
    url.pathname = '/fanplace_missing_database';
    await expect(open(url.toString())).rejects.toThrow(
      `DATABASE_URL: the database "fanplace_missing_database" does not exist on ${url.hostname}:${url.port || '5432'}. Create it (createdb fanplace_missing_database) or fix DATABASE_URL.`,
    );
  });
});
