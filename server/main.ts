import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseLockedError } from './db/pglite-lock.ts';

async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  closeWithGrace({ delay: config.shutdownTimeoutMs }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    await app.close();
    app.log.info('stopped');
  });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl.replace(`:${config.port}`, `:${port}`);
  app.log.info({ url, database: app.services.database.driver }, 'listening');
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
