import type { DemoSeeder, DemoSeedResult } from './seed-demo.ts';

interface Log {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  debug(message: string): void;
}

export interface DemoSeedRun {
  /** Settles when seeding ended, whichever way, with what was made (null: nothing); never rejects. */
  done: Promise<DemoSeedResult | null>;
  /** Stops between two steps (on shutdown) and waits for the step under way. */
  stop(): Promise<void>;
}

/** Seeds through the app's own routes: a failure is logged, never fatal. */
export function startDemoSeed(seeder: DemoSeeder, log: Log): DemoSeedRun {
  const controller = new AbortController();
  const started = performance.now();
  const done = seeder.seedIfEmpty(controller.signal).then(
    (result) => {
      if (!result) log.debug('demo data not seeded: the database already has accounts');
      else log.info({ ...result, ms: Math.round(performance.now() - started) }, 'demo data seeded');
      return result;
    },
    (error: unknown) => {
      if (controller.signal.aborted) log.warn({}, 'demo data seeding stopped: the server is shutting down');
      else log.warn({ err: error }, 'demo data could not be seeded');
      return null;
    },
  );
  return {
    done,
    async stop() {
      controller.abort();
      await done;
    },
  };
}
