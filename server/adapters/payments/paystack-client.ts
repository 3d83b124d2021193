import { z } from 'zod';

export interface PaystackSettings {
  secretKey: string;
  baseUrl: string;
  /** Per call; Paystack answers in well under this. */
  timeoutMs?: number;
}

/** One answer in Paystack's envelope, whether it said yes or no. */
export interface PaystackAnswer {
  ok: boolean;
  status: number;
  message: string;
  /** Paystack's error code on some refusals (e.g. `invalid_transfer_recipient`). */
  code: string;
  data: unknown;
  meta: unknown;
}

// Zod 4 requires a key typed z.unknown() to be present; Paystack's refusals carry no `data`.
const envelope = z.object({
  status: z.boolean(),
  message: z.string().optional(),
  code: z.string().optional(),
  data: z.unknown().optional(),
  meta: z.unknown().optional(),
});

export type PaystackCall = (method: 'GET' | 'POST', path: string, body?: object) => Promise<PaystackAnswer>;

/**
 * Paystack's REST calls: the Bearer key, JSON both ways, a timeout and the `{status, message, data}`
 * envelope. `unreachable` builds the error for a call that got no readable answer (network failure,
 * timeout, a body that is not the envelope): card payments and transfers treat that case differently.
 */
export function createPaystackCall(
  settings: PaystackSettings,
  unreachable: (message: string) => Error,
): PaystackCall {
  const base = settings.baseUrl.replace(/\/$/, '');
  return async (method, path, body) => {
    let response: Response;
    let json: unknown;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${settings.secretKey}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(settings.timeoutMs ?? 20_000),
      });
      // Read under the same timeout; a body that stalls or is not JSON is no readable answer either.
      json = await response.json().catch(() => null);
    } catch (error) {
      throw unreachable(`Paystack ${method} ${path} failed: ${(error as Error).message}`);
    }
    const parsed = envelope.safeParse(json);
    if (!parsed.success)
      throw unreachable(`Paystack ${method} ${path}: unreadable answer (${response.status})`);
    return {
      ok: response.ok && parsed.data.status,
      status: response.status,
      message: parsed.data.message ?? '',
      code: parsed.data.code ?? '',
      data: parsed.data.data,
      meta: parsed.data.meta,
    };
  };
}

/** A query string from the defined values only (`?a=1&b=x`, or '' when none). */
export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
