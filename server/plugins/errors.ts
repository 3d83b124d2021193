import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '../../common/errors.ts';
import { isDatabaseUnavailable } from '../db/client.ts';
import { AppError } from '../errors.ts';

/** '/email' -> 'email'; '/items/0/name' -> 'items.0.name' */
function fieldName(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
}

/** How long a client waits before trying again while the database cannot be reached. */
export const DATABASE_RETRY_SECONDS = 5;

/** One place turns every thrown error into `{message, code, fields?}`; 5xx never says why. */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        const body: ApiErrorBody = { message: error.message, code: error.code };
        if (error.fields) body.fields = error.fields;
        if (error.retryAfterSeconds !== undefined) {
          body.retryAfterSeconds = error.retryAfterSeconds;
          reply.header('retry-after', String(error.retryAfterSeconds));
        }
        return reply.status(error.statusCode).send(body);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields: Record<string, string> = {};
        for (const issue of error.validation) {
          const name = fieldName(issue.instancePath);
          fields[name] ??= issue.message ?? 'Invalid value';
        }
        const message = Object.values(fields)[0] ?? 'Invalid request';
        return reply.status(400).send({ message, code: 'VALIDATION_FAILED', fields } satisfies ApiErrorBody);
      }
      if (isDatabaseUnavailable(error)) {
        // Not this request's fault and soon over: say so, and when to try again.
        request.log.warn({ code: (error as { code?: string }).code }, 'database unavailable');
        return reply
          .status(503)
          .header('retry-after', String(DATABASE_RETRY_SECONDS))
          .send({
            message: 'Fanplace is briefly unavailable. Please try again in a moment.',
            code: 'NOT_READY',
            retryAfterSeconds: DATABASE_RETRY_SECONDS,
          } satisfies ApiErrorBody);
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply
          .status(500)
          .send({ message: 'Something went wrong', code: 'INTERNAL' } satisfies ApiErrorBody);
      }
      const code =
        status === 413
          ? 'PAYLOAD_TOO_LARGE'
          : status === 415
            ? 'UNSUPPORTED_MEDIA_TYPE'
            : status === 429
              ? 'RATE_LIMITED'
              : status === 404
                ? 'NOT_FOUND'
                : 'BAD_REQUEST';
      return reply.status(status).send({ message: error.message, code } satisfies ApiErrorBody);
    });
  },
  { name: 'errors' },
);
