import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ByteCounter } from '../../lib/streams.ts';
import { assertValidKey, type Storage } from './storage.ts';
import { isTempOwner, ownerIsGone, processTempDir } from './temp-space.ts';

/**
 * Where interrupted writes and processing scratch files live, in one folder per process
 * (`.tmp/<host>.<pid>.<random>/`, see temp-space.ts).
 */
export const TEMP_DIR_NAME = '.tmp';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Media under `root` (DATA_DIR/media): writes go to `.tmp/<uuid>` and are renamed into place. */
export function createDiskStorage(root: string): Storage {
  const tempDir = path.join(root, TEMP_DIR_NAME);
  const resolve = (key: string) => {
    assertValidKey(key);
    return path.join(root, key);
  };

  return {
    driver: 'disk',

    async put(key, body, { maxBytes }) {
      const target = resolve(key);
      const temp = path.join(await processTempDir(tempDir), randomUUID());
      const counter = new ByteCounter(maxBytes);
      try {
        await pipeline(body, counter, createWriteStream(temp, { flags: 'wx', mode: 0o600 }));
        await mkdir(path.dirname(target), { recursive: true });
        // rename() within one file system is atomic: readers see nothing or the whole file.
        await rename(temp, target);
        return { size: counter.bytes };
      } catch (error) {
        body.destroy();
        await rm(temp, { force: true });
        throw error;
      }
    },

    async get(key, range) {
      const file = resolve(key);
      await stat(file);
      return createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },

    async stat(key) {
      try {
        const info = await stat(resolve(key));
        return info.isFile() ? { size: info.size } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      const file = resolve(key);
      try {
        await unlink(file);
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
      // Leave no empty media folders behind (fails harmlessly while other variants remain).
      await rmdir(path.dirname(file)).catch(() => {});
    },

    async deletePrefix(prefix) {
      assertValidKey(prefix.replace(/\/$/, ''));
      // A file written into the folder as it goes (a job still rendering it) fails the removal
      // with ENOTEMPTY: it is tried again.
      await rm(path.join(root, prefix), { recursive: true, force: true, maxRetries: 3 });
    },

    async presignedUrl() {
      return null;
    },

    async openLocal(key) {
      const file = resolve(key);
      await stat(file);
      return { path: file, release: async () => {} };
    },

    async sweepTemporary(before) {
      let names: string[];
      try {
        names = await readdir(tempDir);
      } catch (error) {
        if (isMissing(error)) return 0;
        throw error;
      }
      let removed = 0;
      for (const name of names) {
        const file = path.join(tempDir, name);
        const info = await stat(file).catch(() => null);
        if (!info) continue;
        // A process's folder goes whole once that process is gone; a live one's is never touched.
        const gone = isTempOwner(name) ? ownerIsGone(name, info.mtime, before) : info.mtime < before;
        if (gone) {
          removed += isTempOwner(name) ? (await readdir(file).catch(() => [])).length : 1;
          await rm(file, { recursive: true, force: true });
        }
      }
      return removed;
    },
  };
}

/** A fresh scratch path in this process's temp folder (processing outputs, spooled uploads). */
export async function scratchPath(root: string, suffix = ''): Promise<string> {
  return path.join(await processTempDir(path.join(root, TEMP_DIR_NAME)), `${randomUUID()}${suffix}`);
}
