import type { JobDefinition } from '../adapters/queue.ts';

export const MAKE_DATA_EXPORT = 'make-data-export';
export const REMOVE_EXPIRED_DATA_EXPORTS = 'remove-expired-data-exports';

/**
 * Makes one "Download your data" zip (queued when the user asks). A retry after a crash starts the
 * zip again: storage commits a file only once complete, so no half zip is ever served.
 */
export function makeDataExportJob(deps: {
  exports: { make(id: string): Promise<void>; fail(id: string, reason: string): Promise<void> };
}): JobDefinition<{ exportId: string }> {
  return {
    name: MAKE_DATA_EXPORT,
    settings: { expireInSeconds: 60 * 60, retryLimit: 2, retryDelaySeconds: 30 },
    pollSeconds: 1,
    async handle({ exportId }) {
      await deps.exports.make(exportId);
    },
    async onFailed({ exportId }, reason) {
      await deps.exports.fail(exportId, reason);
    },
  };
}

/** Hourly and at start: zips past their 7 days are removed with their rows. */
export function removeExpiredDataExportsJob(deps: {
  exports: { removeExpired(): Promise<number> };
  log: (removed: number) => void;
}): JobDefinition {
  return {
    name: REMOVE_EXPIRED_DATA_EXPORTS,
    cron: '23 * * * *',
    runOnStart: true,
    async handle() {
      deps.log(await deps.exports.removeExpired());
    },
  };
}
