import { createECDH } from 'node:crypto';
import { type NotificationKind, notificationKindInfo } from '../../../common/events.ts';
import { limits } from '../../../common/limits.ts';
import type { PushPayload, PushSubscriptionInput } from '../../../common/schemas/push.ts';
import { isAllowedPushEndpoint, type PushSender } from '../../adapters/push.ts';
import type { JobDefinition, Queue } from '../../adapters/queue.ts';
import type { RateLimiter } from '../../adapters/rate-limit/index.ts';
import { rateLimited, validationFailed } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { consume, rateLimits } from '../../lib/rate-limits.ts';
import type {
  PushAudience,
  PushDeviceRecord,
  PushRepository,
} from '../../repositories/realtime/push.repository.ts';

export const SEND_PUSH = 'send-push';

/**
 * What one push says, built by the caller from what the recipients may all see (never locked
 * content). `preview` is the words of a message: left out for those who chose to hide previews.
 */
export interface PushMessage {
  title: string;
  url: string;
  body?: string;
  preview?: string;
  tag?: string;
}

export interface SendPushJob {
  kind: NotificationKind;
  audience: PushAudience;
  message: PushMessage;
}

/** Devices read per page, and pushes in flight at once. */
const PAGE_SIZE = 500;
const CONCURRENCY = 64;
/** Push services take up to 4 KB of payload; a line of a message is enough for a notification. */
const BODY_LIMIT = 180;

const clip = (text: string) => (text.length > BODY_LIMIT ? `${text.slice(0, BODY_LIMIT - 1)}…` : text);

/** The payload for one recipient (web/sw/push.ts shows it). */
export function payloadFor(message: PushMessage, hidePreviews: boolean): PushPayload {
  const body = message.preview !== undefined && !hidePreviews ? message.preview : (message.body ?? '');
  return {
    title: message.title,
    body: clip(body),
    url: message.url,
    ...(message.tag ? { tag: message.tag } : {}),
  };
}

export interface PushState {
  publicKey: string;
  hidePreviews: boolean;
  devices: PushDeviceRecord[];
}

/**
 * Web push: the devices each account turned push on for, the choice to hide message previews, and
 * sending. Whatever is pushed goes through a background job (SEND_PUSH), which reads the audience
 * page by page, leaves out those who turned that kind off, and removes the devices their push
 * service no longer knows.
 */
export function createPushService(deps: {
  push: PushRepository;
  sender: PushSender;
  queue: Pick<Queue, 'send'>;
  clock: Clock;
  limiter: Pick<RateLimiter, 'consume'>;
  publicKey: string;
  allowedOrigins: readonly string[];
  log: {
    info(details: object, message: string): void;
    error(details: object, message: string): void;
  };
}) {
  async function deliver(job: SendPushJob): Promise<{ sent: number; gone: number; failed: number }> {
    const counts = { sent: 0, gone: 0, failed: 0 };
    const byDefault = notificationKindInfo[job.kind].push;
    let afterId: string | null = null;
    for (;;) {
      const page = await deps.push.recipients({
        kind: job.kind,
        byDefault,
        audience: job.audience,
        now: deps.clock.now(),
        afterId,
        limit: PAGE_SIZE,
      });
      if (page.length === 0) break;
      afterId = page.at(-1)?.id ?? null;
      const sent: string[] = [];
      const gone: string[] = [];
      let next = 0;
      const worker = async () => {
        while (next < page.length) {
          const device = page[next++];
          if (!device) break;
          const body = JSON.stringify(payloadFor(job.message, device.hidePreviews));
          const result = await deps.sender.send(
            device,
            body,
            job.message.tag ? { topic: topicOf(job.message.tag) } : {},
          );
          if (result.outcome === 'sent') sent.push(device.id);
          else if (result.outcome === 'gone') gone.push(device.id);
          else {
            counts.failed++;
            deps.log.error({ kind: job.kind, reason: result.reason }, 'a push was not delivered');
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, page.length) }, worker));
      await Promise.all([deps.push.markSent(sent, deps.clock.now()), deps.push.removeGone(gone)]);
      counts.sent += sent.length;
      counts.gone += gone.length;
      if (page.length < PAGE_SIZE) break;
    }
    return counts;
  }

  return {
    /**
     * Queues a push to an audience. Never fails the action that caused it: a push that cannot be
     * queued is logged.
     */
    async announce(kind: NotificationKind, audience: PushAudience, message: PushMessage): Promise<void> {
      if ('userIds' in audience && audience.userIds.length === 0) return;
      try {
        await deps.queue.send<SendPushJob>(SEND_PUSH, { kind, audience, message });
      } catch (error) {
        deps.log.error({ err: error, kind }, 'a push could not be queued');
      }
    },

    deliver,

    async state(userId: string): Promise<PushState> {
      const [hidePreviews, devices] = await Promise.all([
        deps.push.hidePreviews(userId),
        deps.push.devices(userId),
      ]);
      return { publicKey: deps.publicKey, hidePreviews, devices };
    },

    /** Turns push on for this browser, tied to the session that asked (signing out removes it). */
    async subscribe(
      user: { id: string },
      sessionId: string,
      input: PushSubscriptionInput,
      label: string,
    ): Promise<void> {
      if (!isAllowedPushEndpoint(input.endpoint, deps.allowedOrigins)) {
        throw validationFailed({ endpoint: 'This browser’s push service is not one this server sends to.' });
      }
      // Keys a push could never be encrypted to are refused now, not failed on every send.
      if (!validPushKeys(input.keys)) {
        throw validationFailed({
          keys: 'These are not the keys a browser gives for push: turn push off and on again.',
        });
      }
      const wait = await consume(deps.limiter, rateLimits.pushSubscribesPerUser, user.id);
      if (wait !== null)
        throw rateLimited('Push was turned on too many times. Please try again later.', wait);
      await deps.push.save({
        userId: user.id,
        sessionId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        label,
        now: deps.clock.now(),
      });
      await deps.push.keepNewest(user.id, limits.pushDevicesPerUser);
    },

    /** Turns push off for one of the account's devices; nothing to do when it was already off. */
    async unsubscribe(
      userId: string,
      device: { endpoint?: string | undefined; id?: string | undefined },
    ): Promise<void> {
      if (device.id) await deps.push.remove(userId, { id: device.id });
      else if (device.endpoint) await deps.push.remove(userId, { endpoint: device.endpoint });
    },

    setHidePreviews: (userId: string, hidePreviews: boolean) =>
      deps.push.saveHidePreviews(userId, hidePreviews, deps.clock.now()),
  };
}

/**
 * A subscription's keys as RFC 8291 needs them: `p256dh` a point on P-256 (65 bytes,
 * uncompressed), `auth` 16 bytes.
 */
export function validPushKeys(keys: { p256dh: string; auth: string }): boolean {
  const point = Buffer.from(keys.p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 4 || Buffer.from(keys.auth, 'base64url').length !== 16)
    return false;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(point);
    return true;
  } catch {
    return false;
  }
}

/** A push service's Topic header (at most 32 URL-safe characters): a newer push with it replaces an undelivered one. */
function topicOf(tag: string): string {
  return tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32);
}

export type PushService = ReturnType<typeof createPushService>;

/** The background job that sends what `announce` queued. A run is not retried: a retry would push twice. */
export function sendPushJob(push: Pick<PushService, 'deliver'>): JobDefinition<SendPushJob> {
  return {
    name: SEND_PUSH,
    // Long enough for the largest audience through a push service that never answers (pages of 64,
    // 5 s each at worst: 10,000 devices in about 13 minutes); a healthy one takes seconds.
    settings: { retryLimit: 0, expireInSeconds: 60 * 60 },
    // A push is worth sending within a second or two of what caused it.
    pollSeconds: 0.5,
    async handle(data) {
      await push.deliver(data);
    },
  };
}
