import { randomBytes } from 'node:crypto';
import { mkdir, utimes } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * Temporary files (interrupted writes, spooled uploads, processing scratch) live under a folder or
 * key prefix of their own process: `<host>.<pid>.<random>`. A sweep can then tell a live process's
 * files, which it must never touch, from those of a process that crashed, which it removes at once
 * instead of waiting for them to age.
 */
const HOST = (
  hostname()
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-') || 'host'
).slice(0, 63);
export const PROCESS_TEMP_ID = `${HOST}.${process.pid}.${randomBytes(6).toString('hex')}`;

const OWNER = /^([a-z0-9-]{1,63})\.(\d{1,10})\.([0-9a-f]{12})$/;

/** Whether `name` is a per-process temp folder (or key prefix) at all. */
export const isTempOwner = (name: string) => OWNER.test(name);

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the temporary files of `owner` may be removed. Never our own. On this machine: at once
 * when the owner's process is gone, or when it had our pid (an earlier run of this very process,
 * as in a container where the server is always pid 1). Otherwise (another machine, or a pid taken
 * over by an unrelated process) once its last sign of life is older than `before`.
 */
export function ownerIsGone(owner: string, lastSeen: Date, before: Date): boolean {
  if (owner === PROCESS_TEMP_ID) return false;
  const match = OWNER.exec(owner);
  if (!match) return lastSeen < before;
  const [, host, pid] = match;
  if (host === HOST && (Number(pid) === process.pid || !isRunning(Number(pid)))) return true;
  return lastSeen < before;
}

/** How often a live process marks its temp folders as in use (their mtime). */
export const HEARTBEAT_MS = 10 * 60_000;
const kept = new Set<string>();
let heartbeatStarted = false;

/**
 * This process's own temp folder under `tempRoot`, created on first use and touched every
 * HEARTBEAT_MS while the process lives.
 */
export async function processTempDir(tempRoot: string): Promise<string> {
  const dir = path.join(tempRoot, PROCESS_TEMP_ID);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (!kept.has(dir)) {
    kept.add(dir);
    if (!heartbeatStarted) {
      heartbeatStarted = true;
      setInterval(() => {
        const now = new Date();
        for (const folder of kept) utimes(folder, now, now).catch(() => kept.delete(folder));
      }, HEARTBEAT_MS).unref();
    }
  }
  return dir;
}
