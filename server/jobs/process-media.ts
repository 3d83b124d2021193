import type { JobDefinition } from '../adapters/queue.ts';
import type { Storage } from '../adapters/storage/storage.ts';
import type { Clock } from '../lib/clock.ts';
import type { MediaRepository } from '../repositories/media/media.repository.ts';
import type { MediaProcessor } from '../services/media/processing.service.ts';

export const PROCESS_MEDIA = 'process-media';

/** Post media after upload: images rendered, videos probed, postered and transcoded (status processing -> ready | failed). */
export function processMediaJob(deps: {
  processor: MediaProcessor;
  media: Pick<MediaRepository, 'findById' | 'finishProcessing'>;
  storage: Pick<Storage, 'deletePrefix'>;
  clock: Clock;
  /** First wait before a failed run is tried again (doubled for the next). */
  retryDelaySeconds: number;
}): JobDefinition<{ mediaId: string }> {
  return {
    name: PROCESS_MEDIA,
    // A 2 GB video transcodes for a long while; a dead worker is noticed by its heartbeat instead
    // (server/adapters/queue.ts), so its job runs again within a minute.
    settings: { expireInSeconds: 2 * 60 * 60, retryLimit: 2, retryDelaySeconds: deps.retryDelaySeconds },
    handle: ({ mediaId }) => deps.processor.process(mediaId),
    // Retries used up (the worker kept dying, or the database kept failing): the upload shows why
    // instead of "processing" for ever, and nothing of it stays behind.
    async onFailed({ mediaId }, reason) {
      const row = await deps.media.findById(mediaId);
      if (row?.status !== 'processing') return;
      await deps.storage.deletePrefix(`${row.id}/`);
      await deps.media.finishProcessing(row.id, {
        status: 'failed',
        failureReason: `Processing failed: ${reason}`,
        variants: {},
        originalKey: null,
        updatedAt: deps.clock.now(),
      });
    },
  };
}
