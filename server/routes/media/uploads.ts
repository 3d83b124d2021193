import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type MediaView, mediaMessages, mediaSchema } from '../../../common/schemas/media.ts';
import { AppError, badRequest } from '../../errors.ts';
import { clientInfo } from '../../plugins/auth.ts';
import { presentMediaFacts } from '../../presenters/media/media.ts';
import type { MediaFacts } from '../../services/media/library.service.ts';
import type { MediaLinks } from '../../services/media/links.ts';
import { type ImageTarget, type UploadService, uploadCap } from '../../services/media/upload.service.ts';
import { endpoint, registerEndpoints } from '../endpoints.ts';

/**
 * The `file` part as a stream (never buffered), or null when there is none. Busboy stops one byte
 * past the cap as a backstop; the service's own counter refuses the file at that byte. A body that
 * is not well-formed multipart (no boundary, a part header without its end, a file cut off before
 * the closing boundary) is the client's mistake: a 400, wherever busboy notices it.
 */
async function withFilePart<T>(
  request: FastifyRequest,
  cap: number,
  use: (file: Readable | null) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) return use(null);
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: { fileSize: cap + 1, files: 1, fields: 10, parts: 12 } });
  } catch (error) {
    throw asClientError(error);
  }
  if (!part) return use(null);
  const source = part.file;
  if (part.fieldname !== 'file') {
    source.resume();
    return use(null);
  }
  let malformed: unknown = null;
  source.once('error', (error) => {
    malformed = error;
  });
  try {
    return await use(source);
  } catch (error) {
    // The service's own answers (too large, wrong type) stand. Otherwise a parser error reaches
    // the stream (destroyed with it) before or after the service sees it.
    if (error instanceof AppError) throw error;
    const parseError = malformed ?? source.errored;
    throw parseError ? asClientError(parseError) : error;
  }
}

/** Multipart errors with their own 4xx (too many parts) keep it; every other parse error is a 400. */
function asClientError(error: unknown): Error {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error as Error;
  return badRequest(mediaMessages.uploadMalformed);
}

/** The signed-in account an upload belongs to. */
type Uploader = Parameters<UploadService['uploadImage']>[0];

const IMAGE_ROUTES: { target: ImageTarget; summary: string }[] = [
  { target: 'profile', summary: 'Upload a profile image (images only, at most 2MB)' },
  { target: 'property', summary: 'Upload a property image (images only, at most 5MB)' },
  { target: 'banner', summary: 'Upload a creator banner (images only, at most 5MB)' },
];

/** Image and identity-document uploads (multipart): the endpoints, as declarations (server/routes/endpoints.ts). */
export function uploadEndpoints(uploads: UploadService, links: MediaLinks) {
  const upload = (
    url: string,
    summary: string,
    receive: (user: Uploader, request: FastifyRequest) => Promise<MediaFacts>,
    /** Photos are checked against the block list (422 MEDIA_BLOCKED); identity documents are not. */
    blockable = true,
  ) =>
    endpoint({
      method: 'POST',
      url,
      summary,
      caller: 'user',
      consumes: ['multipart/form-data'],
      status: 201,
      response: mediaSchema,
      errors: blockable ? [400, 413, 415, 422, 429] : [400, 413, 415, 429],
      handler: async ({ user, request }): Promise<MediaView> =>
        presentMediaFacts(await receive(user, request), links),
    });
  return [
    ...IMAGE_ROUTES.map(({ target, summary }) =>
      upload(`/api/media/upload/${target}`, summary, (user, request) =>
        withFilePart(request, uploadCap(target), (file) =>
          uploads.uploadImage(user, clientInfo(request), target, file),
        ),
      ),
    ),
    upload(
      '/api/media/upload/identity-document',
      'Upload an identity document for review (PDF, JPEG or PNG, at most 10MB; admins only see it)',
      (user, request) =>
        withFilePart(request, uploadCap('identity'), (file) =>
          uploads.uploadIdentityDocument(user, clientInfo(request), file),
        ),
      false,
    ),
  ];
}

const uploadRoutes: FastifyPluginAsyncZod<{ uploads: UploadService; links: MediaLinks }> = async (
  app,
  { uploads, links },
) => {
  await app.register(multipart, { throwFileSizeLimit: false });

  // A refused upload may still be arriving: answer and close instead of reading the rest.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode === 413 || reply.statusCode === 415) reply.header('connection', 'close');
    return payload;
  });

  registerEndpoints(app, ['media'], uploadEndpoints(uploads, links));
};

export default uploadRoutes;
