import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deleteMediaResponseSchema,
  deleteMediaSchema,
  mediaMessages,
  mediaSchema,
} from '../../../common/schemas/media.ts';
import { signedIn } from '../../plugins/auth.ts';
import type { Delivery, DeliveryRequest, MediaLibrary } from '../../services/media/library.service.ts';
import { bearer, errorResponses } from '../auth/responses.ts';

const idParams = z.object({ id: z.string().max(64) });
const variantParams = z.object({ id: z.string().max(64), variant: z.string().max(64) });
const segmentParams = z.object({
  id: z.string().max(64),
  variant: z.string().max(64),
  file: z.string().max(64),
});
const signatureQuery = z.object({
  expires: z.string().max(20).optional(),
  sig: z.string().max(128).optional(),
});

/** The request headers a delivery answers to: a byte range, and the ETag the client already has. */
function conditions(headers: IncomingHttpHeaders): Pick<DeliveryRequest, 'range' | 'ifNoneMatch'> {
  return {
    ...(headers.range ? { range: headers.range } : {}),
    ...(headers['if-none-match'] ? { ifNoneMatch: headers['if-none-match'] } : {}),
  };
}

/** Bytes, not JSON: the typed reply (whose schemas describe the errors) is bypassed on purpose. */
function send(reply: unknown, delivery: Delivery) {
  const raw = reply as FastifyReply;
  raw.status(delivery.status).headers(delivery.headers);
  return delivery.body ? raw.send(delivery.body) : raw.send();
}

const libraryRoutes: FastifyPluginAsyncZod<{ library: MediaLibrary }> = async (app, { library }) => {
  app.get(
    '/api/media/:id',
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags: ['media'],
        summary: 'A media object as the viewer may see it (status, sizes, URLs)',
        params: idParams,
        response: { 200: mediaSchema, ...errorResponses(404) },
      },
    },
    async (request) => library.view(request.user, request.params.id),
  );

  app.delete(
    '/api/media/delete',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['media'],
        summary: 'Delete one of your media objects by one of its URLs',
        security: bearer,
        body: deleteMediaSchema,
        response: { 200: deleteMediaResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await library.deleteByUrl(signedIn(request).user, request.body.url);
      return { message: mediaMessages.deleted };
    },
  );

  app.get(
    '/api/media/:id/:variant',
    {
      preHandler: app.authenticateOptional,
      compress: false,
      schema: {
        tags: ['media'],
        summary:
          'The bytes of one rendition. Public renditions are cached for a year; private ones need ' +
          '`expires` and `sig` from a signed URL; identity documents need an admin bearer token. ' +
          'Supports Range (206/416).',
        params: variantParams,
        querystring: signatureQuery,
        response: errorResponses(403, 404),
      },
    },
    async (request, reply) =>
      send(
        reply,
        await library.open(request.user, {
          ...request.params,
          ...request.query,
          ...conditions(request.headers),
        }),
      ),
  );

  app.get(
    '/api/media/:id/:variant/:file',
    {
      preHandler: app.authenticateOptional,
      compress: false,
      schema: {
        tags: ['media'],
        summary:
          "One segment of an HLS rendition (`hls-<rung>`), as linked from that rendition's playlist: " +
          'private media needs `expires` and `sig` from the playlist. Supports Range (206/416).',
        params: segmentParams,
        querystring: signatureQuery,
        response: errorResponses(403, 404),
      },
    },
    async (request, reply) =>
      send(
        reply,
        await library.openSegment(request.user, {
          ...request.params,
          ...request.query,
          ...conditions(request.headers),
        }),
      ),
  );
};

export default libraryRoutes;
