import type { JobDefinition } from '../adapters/queue.ts';
import { createDiskStorage } from '../adapters/storage/disk-driver.ts';
import type { Clock } from '../lib/clock.ts';
import type { MediaRuntime } from '../modules/media-runtime.ts';

export const SWEEP_MEDIA_TEMP = 'sweep-media-temp';

const HOUR_MS = 60 * 60_000;
/** A resumable upload may be resumed for a day; after that its partial data is swept. */
export const ABANDONED_UPLOAD_MS = 24 * HOUR_MS;

/**
 * Interrupted writes and scratch files older than an hour (a crash mid-upload or mid-job), and
 * resumable uploads abandoned for a day. Runs at start and hourly.
 */
export async function sweepMediaTemp(runtime: MediaRuntime, clock: Clock): Promise<number> {
  const now = clock.now().getTime();
  const hourAgo = new Date(now - HOUR_MS);
  let removed = await createDiskStorage(runtime.scratchRoot).sweepTemporary(hourAgo);
  if (runtime.storage.driver !== 'disk') removed += await runtime.storage.sweepTemporary(hourAgo);
  removed += await runtime.uploads.sweep(new Date(now - ABANDONED_UPLOAD_MS));
  return removed;
}

export function sweepMediaTempJob(deps: {
  runtime: MediaRuntime;
  clock: Clock;
  log: (removed: number) => void;
}): JobDefinition {
  return {
    name: SWEEP_MEDIA_TEMP,
    cron: '41 * * * *',
    async handle() {
      deps.log(await sweepMediaTemp(deps.runtime, deps.clock));
    },
  };
}
