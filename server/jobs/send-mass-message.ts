import type { JobDefinition } from '../adapters/queue.ts';

export const SEND_MASS_MESSAGE = 'send-mass-message';

/**
 * Delivers one mass message (queued when the creator sends it). Batches commit as they go, so a
 * retry after a crash resumes where the last one stopped; nothing is delivered twice.
 */
export function sendMassMessageJob(deps: {
  delivery: { deliver(id: string): Promise<number> };
  log: (details: { massMessageId: string; delivered: number }) => void;
}): JobDefinition<{ massMessageId: string }> {
  return {
    name: SEND_MASS_MESSAGE,
    settings: { expireInSeconds: 30 * 60, retryLimit: 5, retryDelaySeconds: 5 },
    async handle({ massMessageId }) {
      const delivered = await deps.delivery.deliver(massMessageId);
      deps.log({ massMessageId, delivered });
    },
  };
}
