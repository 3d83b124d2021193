import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { requestIdGenerator } from './observability.ts';
import { appValidatorCompiler } from './validation.ts';

/** Marks the process's own in-process requests that are not logged one by one (see below). */
const QUIET_HEADER = 'x-fanplace-demo-seed';

export interface HttpServer {
  app: FastifyInstance;
  /**
   * Headers for the process's own injected requests (the demo seed's hundreds), which are then
   * summed up in one line of their own instead of logged one by one. The value is this process's
   * own random mark: no one outside the process can know it.
   */
  quietHeaders: Record<string, string>;
}

/**
 * The Fastify instance every web process serves from: logging with secrets redacted, request ids,
 * the proxy trust, body limit, zod validation and serialization, the route table, and a shutdown
 * that lets in-flight requests finish and closes every connection after its last answer.
 */
export function createHttpServer(config: Config): HttpServer {
  const mark = randomBytes(16).toString('hex');
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    logController: new LogController({
      disableRequestLogging: (request: { headers?: Record<string, unknown> }) =>
        request.headers?.[QUIET_HEADER] === mark,
    }),
    trustProxy: config.trustProxy,
    genReqId: requestIdGenerator(config.trustProxy),
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  // Once closing, every response ends its connection: a keep-alive connection that finishes its
  // last request must not hold the process open (server.close() only drops the idle ones it sees).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  app.setValidatorCompiler(appValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routeTable: string[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push(`${method} ${route.url}`);
  });
  return { app, quietHeaders: { [QUIET_HEADER]: mark } };
}
