import { badRequest } from '../errors.ts';

/**
 * Keyset cursors are opaque to clients: the last row's sort key, base64url-encoded JSON.
 * A cursor that does not decode is a client error, never a 500.
 */
export function encodeCursor(key: Record<string, string>): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor<Key extends string>(
  cursor: string | undefined,
  keys: readonly Key[],
): Record<Key, string> | null {
  if (!cursor) return null;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    const result = {} as Record<Key, string>;
    for (const key of keys) {
      const part = value[key];
      if (typeof part !== 'string') throw new Error('missing key');
      result[key] = part;
    }
    return result;
  } catch {
    throw badRequest('Invalid cursor');
  }
}
