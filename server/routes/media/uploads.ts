import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mediaSchema } from '../../../common/schemas/media.ts';
import { clientInfo, signedIn } from '../../plugins/auth.ts';
import { type ImageTarget, type UploadService, uploadCap } from '../../services/media/upload.service.ts';
import { bearer, errorResponses } from '../auth/responses.ts';

/**
 * The `file` part as a stream (never buffered), or null when there is none. Busboy stops one byte
 * past the cap as a backstop; the service's own counter refuses the file at that byte.
 */
async function filePart(request: FastifyRequest, cap: number): Promise<Readable | null> {
  if (!request.isMultipart()) return null;
  const part = await request.file({ limits: { fileSize: cap + 1, files: 1, fields: 10, parts: 12 } });
  if (!part) return null;
  if (part.fieldname !== 'file') {
    part.file.resume();
    return null;
  }
  return part.file;
}

const IMAGE_ROUTES: { target: ImageTarget; summary: string }[] = [
  { target: 'profile', summary: 'Upload a profile image (images only, at most 2MB)' },
  { target: 'property', summary: 'Upload a property image (images only, at most 5MB)' },
  { target: 'banner', summary: 'Upload a creator banner (images only, at most 5MB)' },
];

const uploadRoutes: FastifyPluginAsyncZod<{ uploads: UploadService }> = async (app, { uploads }) => {
  await app.register(multipart, { throwFileSizeLimit: false });

  // A refused upload may still be arriving: answer and close instead of reading the rest.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode === 413 || reply.statusCode === 415) reply.header('connection', 'close');
    return payload;
  });

  const schema = (summary: string) => ({
    tags: ['media'],
    summary,
    security: bearer,
    consumes: ['multipart/form-data'],
    response: { 201: mediaSchema, ...errorResponses(400, 401, 413, 415, 429) },
  });

  for (const { target, summary } of IMAGE_ROUTES) {
    app.post(
      `/api/media/upload/${target}`,
      { preHandler: app.authenticate, schema: schema(summary) },
      async (request, reply) => {
        const file = await filePart(request, uploadCap(target));
        const view = await uploads.uploadImage(signedIn(request).user, clientInfo(request), target, file);
        return reply.status(201).send(view);
      },
    );
  }

  app.post(
    '/api/media/upload/identity-document',
    {
      preHandler: app.authenticate,
      schema: schema(
        'Upload an identity document for review (PDF, JPEG or PNG, at most 10MB; admins only see it)',
      ),
    },
    async (request, reply) => {
      const file = await filePart(request, uploadCap('identity'));
      const view = await uploads.uploadIdentityDocument(signedIn(request).user, clientInfo(request), file);
      return reply.status(201).send(view);
    },
  );
};

export default uploadRoutes;
