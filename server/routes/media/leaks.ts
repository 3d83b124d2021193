import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LEAK_RECORDING_MAX_BYTES,
  leakMessages,
  openTakedownSchema,
  takedownListSchema,
  takedownSchema,
  takedownStatusSchema,
  traceResultSchema,
} from '../../../common/schemas/leaks.ts';
import { AppError, badRequest } from '../../errors.ts';
import { presentTrace } from '../../presenters/media/leaks.ts';
import { presentTakedown } from '../../presenters/media/takedowns.ts';
import type { LeakTrace } from '../../services/media/leak-trace.service.ts';
import type { MediaLinks } from '../../services/media/links.ts';
import type { Takedowns } from '../../services/media/takedowns.service.ts';
import { endpoint, registerEndpoints } from '../endpoints.ts';

/**
 * The `file` part written to `file` (at most LEAK_RECORDING_MAX_BYTES; a photo's own cap is
 * checked once its type is known from its bytes).
 */
async function saveCopy(request: FastifyRequest, file: string): Promise<void> {
  if (!request.isMultipart()) throw badRequest(leakMessages.fileRequired);
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({
      limits: { fileSize: LEAK_RECORDING_MAX_BYTES + 1, files: 1, fields: 5, parts: 6 },
    });
  } catch {
    throw badRequest(leakMessages.fileRequired);
  }
  if (part?.fieldname !== 'file') {
    part?.file.resume();
    throw badRequest(leakMessages.fileRequired);
  }
  let size = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > LEAK_RECORDING_MAX_BYTES) done(new AppError('PAYLOAD_TOO_LARGE', leakMessages.tooLarge));
      else done(null, chunk);
    },
  });
  try {
    await pipeline(part.file, counted, createWriteStream(file));
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(leakMessages.fileRequired);
  }
  if (size === 0) throw badRequest(leakMessages.fileRequired);
}

const idParams = z.object({ id: z.uuid() });

/** Tracing a leaked copy (server/services/media/leak-trace.service.ts), and takedowns. */
export function leakEndpoints(trace: LeakTrace, links: MediaLinks, takedowns: Takedowns, publicUrl: string) {
  return [
    endpoint({
      method: 'POST',
      url: '/api/takedowns',
      summary:
        'Open a takedown of a copy found elsewhere: the address, your photo and (from a trace) the delivery it came from; answers the notice to send',
      caller: 'user',
      body: openTakedownSchema,
      status: 201,
      response: takedownSchema,
      errors: [400, 404],
      handler: async ({ user, body }) => presentTakedown(await takedowns.open(user, body), publicUrl),
    }),
    endpoint({
      method: 'GET',
      url: '/api/takedowns',
      summary: 'Your takedowns, newest first, with their notices and states',
      caller: 'user',
      response: takedownListSchema,
      handler: async ({ user }) => ({
        items: (await takedowns.list(user)).map((facts) => presentTakedown(facts, publicUrl)),
      }),
    }),
    endpoint({
      method: 'PUT',
      url: '/api/takedowns/:id/status',
      summary: 'Record where a takedown stands: open, sent to the host, removed or refused',
      caller: 'user',
      params: idParams,
      body: takedownStatusSchema,
      response: takedownSchema,
      errors: [404],
      handler: async ({ user, params, body }) =>
        presentTakedown(await takedowns.setStatus(user, params.id, body.status), publicUrl),
    }),
    endpoint({
      method: 'GET',
      url: '/api/admin/takedowns',
      summary: 'Every takedown, newest first, with the traced account (admins)',
      caller: 'admin',
      response: takedownListSchema,
      handler: async ({ user }) => ({
        items: (await takedowns.all(user)).map((facts) => presentTakedown(facts, publicUrl)),
      }),
    }),
    endpoint({
      method: 'POST',
      url: '/api/admin/takedowns/:id/suspend',
      summary:
        'Suspend the account a takedown traced (no sign-in, sessions ended), with the takedown as evidence',
      caller: 'admin',
      params: idParams,
      response: takedownSchema,
      errors: [404, 409],
      handler: async ({ user, params }) =>
        presentTakedown(await takedowns.suspend(user, params.id), publicUrl),
    }),
    endpoint({
      method: 'POST',
      url: '/api/leaks/trace',
      summary:
        'Trace a copy of a photo found elsewhere (multipart `file`: a photo of at most 20 MB, or a recording of at most 200 MB): which of your photos it is, and which account it was delivered to (creators: their own photos; admins: everyone’s)',
      caller: 'user',
      consumes: ['multipart/form-data'],
      response: traceResultSchema,
      errors: [400, 403, 413, 415],
      handler: async ({ user, request }) => {
        // Refused before a byte of the copy is stored.
        await trace.assertMayTrace(user);
        const file = await trace.scratchFile();
        try {
          await saveCopy(request, file);
          return presentTrace(await trace.trace(user, file), links);
        } finally {
          await rm(file, { force: true });
        }
      },
    }),
  ];
}

const leakRoutes: FastifyPluginAsyncZod<{
  trace: LeakTrace;
  links: MediaLinks;
  takedowns: Takedowns;
  publicUrl: string;
}> = async (app, { trace, links, takedowns, publicUrl }) => {
  await app.register(multipart, { throwFileSizeLimit: false });
  registerEndpoints(app, ['media'], leakEndpoints(trace, links, takedowns, publicUrl));
};

export default leakRoutes;
