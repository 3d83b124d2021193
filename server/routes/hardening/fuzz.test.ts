import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FuzzReport, runFuzz } from '../../test/fuzz.ts';
import { createFuzzWorld } from '../../test/fuzz-world.ts';

/** Bounded for CI; `npm run fuzz` sends 100,000 (FUZZ_REQUESTS, FUZZ_SEED pick others). */
const COUNT = Number(process.env.FUZZ_REQUESTS ?? 5_000);
const SEED = Number(process.env.FUZZ_SEED ?? 19);

const print = (report: FuzzReport, prefix = '') =>
  process.stdout.write(
    `${prefix}${report.requests} requests: ${Object.entries(report.byClass)
      .map(([statusClass, count]) => `${statusClass} ${count}`)
      .join(', ')}\n`,
  );

describe('fuzzing every operation of /api/openapi.json', () => {
  let world: Awaited<ReturnType<typeof createFuzzWorld>>;
  beforeAll(async () => {
    world = await createFuzzWorld();
  }, 120_000);
  afterAll(async () => {
    await world.t.close();
  });

  it(
    `answers ${COUNT} generated requests without a 5xx and leaves the victims' data alone`,
    async () => {
      const before = await world.victimData();
      const report: FuzzReport = await runFuzz(world.t.app, world.context, {
        count: COUNT,
        seed: SEED,
        onProgress: (progress) => {
          if (COUNT > 5_000 && progress.requests % 10_000 === 0) print(progress);
        },
      });
      print(report, `fuzz (seed ${SEED}), done: `);
      expect(report.serverErrors).toEqual([]);
      expect(report.byClass['5xx']).toBe(0);
      expect(report.requests).toBe(COUNT);
      // Enough of them get past validation to reach the handlers.
      expect(report.byClass['2xx']).toBeGreaterThan(COUNT / 50);
      expect(await world.victimData()).toEqual(before);
    },
    120_000 + COUNT * 30,
  );
});
