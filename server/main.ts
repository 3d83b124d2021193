import { createServer } from 'node:net';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseLockedError } from './db/pglite-lock.ts';
import { type DemoSeedRun, startDemoSeed } from './services/demo/background.ts';
import { runStartChecks } from './start-checks.ts';

/** A port the OS says is free now, so PORT=0 still gives one PUBLIC_URL that links can use. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, process.env.HOST ?? '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function main() {
  if (process.env.PORT === '0' && !process.env.PUBLIC_URL) process.env.PORT = String(await freePort());
  const config = loadConfig();
  const app = await buildApp(config);
  let demo: DemoSeedRun | null = null;
  closeWithGrace({ delay: config.shutdownTimeoutMs }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    await demo?.stop();
    await app.close();
    app.log.info('stopped');
  });
  await app.listen({ port: config.port, host: config.host });
  const url = config.publicUrl;
  app.log.info({ url, database: app.services.database.driver }, 'listening');
  // ffmpeg and SMTP are checked beside the start, each saying in one line what is missing.
  void runStartChecks(config, app.log);
  // On a first start the demo content is made before the app says it is ready, so what a visitor
  // opens first already has it (a database with accounts skips this at once).
  if (config.seedDemo) {
    // Not ready (503 `starting`) until it is there: a load balancer or a script waits for it.
    const release = app.services.startup.hold('demo content');
    demo = startDemoSeed(app.services.demo, app.log);
    const made = await demo.done.finally(release);
    if (made) {
      process.stdout.write(
        `\n  Demo content ready: ${made.creators} creators and ${made.posts} posts to explore\n`,
      );
    }
  }
  process.stdout.write(`\n  Fanplace is running at ${url}\n\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
