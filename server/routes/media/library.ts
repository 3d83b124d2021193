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
import { presentMediaFacts } from '../../presenters/media/media.ts';
import type { Delivery, DeliveryRequest, MediaLibrary } from '../../services/media/library.service.ts';
import type { MediaLinks } from '../../services/media/links.ts';
import { errorResponses } from '../auth/responses.ts';
import { endpoint, registerEndpoints } from '../endpoints.ts';

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
  for: z.string().max(64).optional(),
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

/** A media object and deleting one: the endpoints, as declarations (server/routes/endpoints.ts). */
export function libraryEndpoints(library: MediaLibrary, links: MediaLinks) {
  return [
    endpoint({
      method: 'GET',
      url: '/api/media/:id',
      summary: 'A media object as the viewer may see it (status, sizes, URLs)',
      caller: 'visitor',
      params: idParams,
      response: mediaSchema,
      errors: [404],
      handler: async ({ user, params }) =>
        presentMediaFacts(await library.view(user, params.id), links, user?.id ?? null),
    }),
    endpoint({
      method: 'DELETE',
      url: '/api/media/delete',
      summary: 'Delete one of your media objects by one of its URLs',
      caller: 'user',
      body: deleteMediaSchema,
      response: deleteMediaResponseSchema,
      errors: [400, 404],
      handler: async ({ user, body }) => {
        await library.deleteByUrl(user, body.url);
        return { message: mediaMessages.deleted };
      },
    }),
  ];
}

const libraryRoutes: FastifyPluginAsyncZod<{ library: MediaLibrary; links: MediaLinks }> = async (
  app,
  { library, links },
) => {
  registerEndpoints(app, ['media'], libraryEndpoints(library, links));

  // Hand-written: these answer bytes (streams, ranges, no JSON body to declare, no compression); access goes through the funnel in the library.
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
