import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { type DatabaseHandle, openDatabase } from '../../db/client.ts';
import { blockListHashes } from '../../db/schema/index.ts';
import { hammingDistance, MATCH_DISTANCE } from '../../lib/perceptual-hash.ts';
import { pgliteTemplate } from '../../test/database-template.ts';
import { freshDatabaseEnv } from '../../test/helpers.ts';
import { createBlockListRepository } from './block-list.repository.ts';

const randomHash = () => randomBytes(32).toString('hex');

/** `hash` with `bits` of its bits flipped (the first ones). */
function flip(hash: string, bits: number): string {
  const bytes = Buffer.from(hash, 'hex');
  for (let i = 0; i < bits; i++) bytes[i >> 3] = (bytes[i >> 3] as number) ^ (1 << (i & 7));
  return bytes.toString('hex');
}

describe('block list search in SQL', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fp-blocklist-'));

  beforeAll(async () => {
    const database = await freshDatabaseEnv();
    drop = database.drop;
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...database.env }, { ephemeral: true });
    const template = pgliteTemplate();
    handle = await openDatabase(config, template ? { pgliteTemplate: template } : {});
  });
  afterAll(async () => {
    await handle?.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finds the nearest blocked hash within the distance, as JavaScript counts it, and nothing beyond', async () => {
    const repo = createBlockListRepository(handle.db);
    const blocked = randomHash();
    const entry = await repo.addEntry({ source: 'admin', note: 'known' }, [blocked, randomHash()]);
    await repo.addEntry({ source: 'admin' }, Array.from({ length: 50 }, randomHash));

    const near = flip(blocked, MATCH_DISTANCE);
    expect(hammingDistance(near, blocked)).toBe(MATCH_DISTANCE);
    expect(await repo.nearest([randomHash(), near], MATCH_DISTANCE)).toEqual({
      entryId: entry.id,
      hash: near,
      distance: MATCH_DISTANCE,
    });
    expect(await repo.nearest([flip(blocked, MATCH_DISTANCE + 1)], MATCH_DISTANCE)).toBeNull();
    expect(await repo.nearest([], MATCH_DISTANCE)).toBeNull();

    // Its distance is the one JavaScript counts, for any pair.
    for (let i = 0; i < 20; i++) {
      const a = randomHash();
      const match = await repo.nearest([a], 256);
      const all = await handle.db.select({ hash: blockListHashes.hash }).from(blockListHashes);
      expect(match?.distance).toBe(Math.min(...all.map((row) => hammingDistance(row.hash, a))));
    }

    expect(await repo.removeEntry(entry.id)).toBe(true);
    expect(await repo.nearest([near], MATCH_DISTANCE)).toBeNull();
  });

  it('searches 20,000 blocked hashes with 5 candidates quickly', async () => {
    const repo = createBlockListRepository(handle.db);
    for (let batch = 0; batch < 4; batch++)
      await repo.addEntry({ source: 'admin' }, Array.from({ length: 5_000 }, randomHash));
    const started = performance.now();
    const match = await repo.nearest(Array.from({ length: 5 }, randomHash), MATCH_DISTANCE);
    const ms = Math.round(performance.now() - started);
    console.info(`block list search: 20,000+ hashes x 5 candidates in ${ms} ms`);
    expect(match).toBeNull();
    expect(ms).toBeLessThan(2_000);
  }, 60_000);
});
