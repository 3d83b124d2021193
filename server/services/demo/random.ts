export type Random = () => number;

/** mulberry32 over an FNV-1a hash of the seed: the same seed always draws the same numbers. */
export function seededRandom(seed: string): Random {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i += 1) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  let state = hash >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const between = (random: Random, min: number, max: number) => min + random() * (max - min);

/** Numbers in SVG: one decimal is plenty and keeps the markup short. */
export const n = (value: number) => String(Math.round(value * 10) / 10);

const channels = (hex: string) => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));

/** The colour `t` of the way from `a` to `b` (#rrggbb). */
export function mix(a: string, b: string, t: number): string {
  const from = channels(a);
  const to = channels(b);
  return `#${from
    .map((value, i) =>
      Math.round(value + ((to[i] ?? value) - value) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
