import { randomBytes, randomInt } from 'node:crypto';

/** The last millisecond an id was made for, and the counter within it (RFC 9562, method 1). */
let last = { ms: -1, counter: 0 };

/**
 * UUID version 7 (RFC 9562): time-ordered, so new rows append to the end of their indexes. Ids made
 * in the same millisecond count up in their 12 bits after the version, so "newest first" by id
 * holds between rows made within one millisecond too (a counter that would overflow falls back to
 * random bits, still in that millisecond).
 */
export function uuidv7(now: number = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  if (now === last.ms && last.counter < 0xfff) last = { ms: now, counter: last.counter + 1 };
  else if (now !== last.ms) last = { ms: now, counter: randomInt(0x800) };
  const counter = now === last.ms ? last.counter : randomInt(0x1000);
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
