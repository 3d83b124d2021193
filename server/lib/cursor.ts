import { hasControlCharacter } from '../../common/text.ts';
import { badRequest } from '../errors.ts';

/**
 * Keyset cursors are opaque to clients: the last row's sort key, base64url-encoded JSON.
 * A cursor that does not decode is a client error, never a 500.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z$/;
/**
 * What each key may hold (every cursor this server writes follows it): `at` a row's time, `id`
 * a row id, `k` a post id (or `<time>|<post id>`), `f`/`o` Discover's stream positions (parsed
 * further by their service). A cursor breaking it is refused before it can reach a query.
 */
type CursorKey = 'at' | 'id' | 'k' | 'f' | 'o';
const KEY_SHAPES: Record<CursorKey, RegExp> = {
  at: ISO_TIME,
  id: UUID,
  // A post id, or for the Liked tab `<liked at>|<post id>`.
  k: new RegExp(`^(?:${ISO_TIME.source.slice(1, -1)}\\|)?${UUID.source.slice(1, -1)}$`, 'i'),
  f: /^[^\s]{1,80}$/,
  o: /^[^\s]{1,80}$/,
};

export function encodeCursor(key: Record<string, string>): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor<Key extends CursorKey>(
  cursor: string | undefined,
  keys: readonly Key[],
): Record<Key, string> | null {
  if (!cursor) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null) throw new Error('not an object');
    const result = {} as Record<Key, string>;
    for (const key of keys) {
      const part = Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
      // The parts reach queries: the shared text rule holds inside a cursor too.
      if (typeof part !== 'string' || hasControlCharacter(part) || !KEY_SHAPES[key].test(part)) {
        throw new Error('missing or malformed key');
      }
      result[key] = part;
    }
    return result;
  } catch {
    throw badRequest('Invalid cursor');
  }
}

/** The `{at, id}` key of lists sorted by a time and then the row id. */
export const timeKey = (at: Date, id: string) => ({ at: at.toISOString(), id });

/**
 * One keyset page out of rows read with one more than `limit`: the rows to answer, and the cursor
 * after the last of them when that extra row shows there is more.
 */
export function keysetPage<Row>(
  rows: Row[],
  limit: number,
  keyOf: (last: Row) => Record<string, string>,
): { rows: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null,
  };
}
