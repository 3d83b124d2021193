import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from './provider.ts';

/** HMAC-SHA512 hex of the raw body: Paystack's `x-paystack-signature` scheme, used by the sandbox too. */
export function signBody(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha512', secret).update(rawBody).digest('hex');
}

/** Throws unless `header` is the body's signature; compares in constant time. */
export function assertSignature(
  secret: string,
  rawBody: Buffer,
  header: string | string[] | undefined,
): void {
  const given = typeof header === 'string' ? header.trim() : '';
  if (!/^[0-9a-f]{128}$/i.test(given)) throw new WebhookSignatureError('missing or malformed signature');
  const expected = Buffer.from(signBody(secret, rawBody), 'hex');
  const actual = Buffer.from(given, 'hex');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
    throw new WebhookSignatureError('signature does not match');
  }
}

/** Reads a JSON webhook body after its signature was checked. */
export function parseJsonBody(rawBody: Buffer): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(rawBody.toString('utf8'));
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new WebhookSignatureError('body is not a JSON object');
}
