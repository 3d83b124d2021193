import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DatabaseLockedError extends Error {
  override name = 'DatabaseLockedError';
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is a single-process database: two processes writing one directory corrupt it.
 * A lock file holding the owner's pid keeps a second process out; a lock left by a dead
 * process is taken over.
 */
const heldHere = new Set<string>();

export function acquireDirectoryLock(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lockFile = path.resolve(dir, '..', `${path.basename(dir)}.lock`);
  if (heldHere.has(lockFile)) {
    throw new DatabaseLockedError(`The database in ${dir} is already open in this process.`);
  }
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockFile, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldHere.add(lockFile);
      return () => {
        heldHere.delete(lockFile);
        rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isRunning(owner)) {
        throw new DatabaseLockedError(
          `The database in ${dir} is already open in another process (pid ${owner}). ` +
            'Stop that process first, use another DATA_DIR, or set DATABASE_URL to share a PostgreSQL server.',
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseLockedError(`Could not lock the database in ${dir}.`);
}
