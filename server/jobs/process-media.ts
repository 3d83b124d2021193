import type { JobDefinition } from '../adapters/queue.ts';
import type { MediaProcessor } from '../services/media/processing.service.ts';

export const PROCESS_MEDIA = 'process-media';

/** Post media after upload: images rendered, videos probed, postered and transcoded (status processing -> ready | failed). */
export function processMediaJob(deps: { processor: MediaProcessor }): JobDefinition<{ mediaId: string }> {
  return {
    name: PROCESS_MEDIA,
    handle: ({ mediaId }) => deps.processor.process(mediaId),
  };
}
