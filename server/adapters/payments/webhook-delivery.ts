/** One webhook a provider sends: where to, the exact bytes, and the signature headers. */
export interface WebhookDelivery {
  path: string;
  rawBody: string;
  headers: Record<string, string>;
}

export interface WebhookDeliverer {
  /** Sends in the background, like a provider would; retries a failed delivery a few times. */
  deliver(delivery: WebhookDelivery): void;
  /** Resolves when nothing is in flight (tests, shutdown). */
  idle(): Promise<void>;
  /** No more retries; deliveries already running finish. */
  close(): Promise<void>;
}

/**
 * Delivers the sandbox's webhooks through `send` (wired to the app's own HTTP handling), after the
 * current request has finished, so the webhook path is exercised exactly as a provider's call would.
 */
export function createWebhookDeliverer(options: {
  send(delivery: WebhookDelivery): Promise<number>;
  log: { warn(details: object, message: string): void };
  retryDelaysMs?: readonly number[];
}): WebhookDeliverer {
  const delays = options.retryDelaysMs ?? [1000, 5000, 30_000];
  const inFlight = new Set<Promise<void>>();
  let closed = false;

  async function attempt(delivery: WebhookDelivery): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    if (closed) return;
    for (let round = 0; !closed; round += 1) {
      let status = 0;
      try {
        status = await options.send(delivery);
      } catch (error) {
        options.log.warn({ err: error, path: delivery.path }, 'sandbox webhook delivery failed');
      }
      if (status >= 200 && status < 300) return;
      const wait = delays[round];
      if (wait === undefined) {
        options.log.warn({ path: delivery.path, status }, 'sandbox webhook given up after retries');
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, wait).unref());
    }
  }

  async function idle(): Promise<void> {
    while (inFlight.size > 0) await Promise.all([...inFlight]);
  }

  return {
    deliver(delivery) {
      const running = attempt(delivery).finally(() => inFlight.delete(running));
      inFlight.add(running);
    },
    idle,
    async close() {
      closed = true;
      await Promise.race([idle(), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    },
  };
}
