import { describe, expect, it } from 'vitest';
import { uuidv7 } from './ids.ts';

describe('uuidv7', () => {
  it('counts up within one millisecond, so newer ids always sort after older ones', () => {
    const at = Date.UTC(2026, 10, 27, 12, 0, 0);
    const ids = Array.from({ length: 2000 }, () => uuidv7(at));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    // Version 7 and the RFC 9562 variant, with the time in the first 48 bits.
    for (const id of ids.slice(0, 5)) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
    }
  });

  it('orders ids of later milliseconds after earlier ones, and keeps an explicit time', () => {
    const first = uuidv7(1_000);
    const second = uuidv7(1_001);
    expect(first < second).toBe(true);
    const scheduled = uuidv7(Date.UTC(2030, 0, 1));
    expect(Number.parseInt(scheduled.replace(/-/g, '').slice(0, 12), 16)).toBe(Date.UTC(2030, 0, 1));
  });
});
