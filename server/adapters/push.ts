import webpush from 'web-push';

/**
 * Sending one web push (RFC 8030): the payload encrypted for the device (RFC 8291, aes128gcm) and
 * signed for the push service with the server's VAPID key (RFC 8292), by the `web-push` library;
 * the request itself goes through fetch, whose pooled connections keep thousands of sends cheap.
 */
export interface PushDevice {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** `gone`: the push service no longer knows this device (404, 410), so it is removed. */
export type PushOutcome = { outcome: 'sent' } | { outcome: 'gone' } | { outcome: 'failed'; reason: string };

export interface PushSender {
  send(
    device: PushDevice,
    payload: string,
    options?: { ttlSeconds?: number; topic?: string },
  ): Promise<PushOutcome>;
}

/** The public push services browsers subscribe with: Chrome and Edge (FCM), Firefox, Safari, Windows. */
const PUBLIC_PUSH_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^(?:[a-z0-9-]+\.)*push\.services\.mozilla\.com$/,
  /^(?:[a-z0-9-]+\.)*push\.apple\.com$/,
  /^(?:[a-z0-9-]+\.)*notify\.windows\.com$/,
];

/**
 * Whether the server may send to this endpoint. The server makes requests to it, so it is never
 * an arbitrary address: a public push service over https, or an origin the operator listed
 * (PUSH_SERVICE_ORIGINS).
 */
export function isAllowedPushEndpoint(endpoint: string, extraOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (extraOrigins.includes(url.origin)) return true;
  return (
    url.protocol === 'https:' && url.port === '' && PUBLIC_PUSH_HOSTS.some((host) => host.test(url.hostname))
  );
}

export function createPushSender(vapid: {
  publicKey: string;
  privateKey: string;
  subject: string;
}): PushSender {
  return {
    async send(device, payload, options = {}) {
      let request: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        request = webpush.generateRequestDetails(
          { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
          payload,
          {
            vapidDetails: vapid,
            // A notification that could not be delivered within a day is stale.
            TTL: options.ttlSeconds ?? 24 * 60 * 60,
            urgency: 'normal',
            ...(options.topic ? { topic: options.topic } : {}),
          },
        );
      } catch (error) {
        // Keys the browser gave that do not make a key pair: this device can never be reached.
        return { outcome: 'failed', reason: error instanceof Error ? error.message : String(error) };
      }
      try {
        const response = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body ?? null,
          signal: AbortSignal.timeout(5_000),
        });
        await response.arrayBuffer();
        if (response.status === 404 || response.status === 410) return { outcome: 'gone' };
        if (!response.ok) return { outcome: 'failed', reason: `push service answered ${response.status}` };
        return { outcome: 'sent' };
      } catch (error) {
        return { outcome: 'failed', reason: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
