import { Server, type ServerOptions } from '@tus/server';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '../../../common/errors.ts';
import { mediaMessages } from '../../../common/schemas/media.ts';
import type { UploadStore } from '../../adapters/uploads.ts';
import { AppError } from '../../errors.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { requestBody } from '../../lib/streams.ts';
import { actorOf, assertCan } from '../../policies/access.ts';
import { presentMediaFacts } from '../../presenters/media/media.ts';
import type { MediaLinks } from '../../services/media/links.ts';
import type { PostUploadService } from '../../services/media/post-upload.service.ts';

/** The signed-in account, as the auth plugin sets it on a request. */
type UserRecord = NonNullable<FastifyRequest['user']>;

type TusRequest = Parameters<NonNullable<ServerOptions['onIncomingRequest']>>[0];

export interface TusRouteOptions {
  uploads: UploadStore;
  postUploads: PostUploadService;
  /** The finished upload's answer presents its media with these links. */
  links: MediaLinks;
  /** The user a bearer token signs in, or null. */
  authenticate(token: string): Promise<UserRecord | null>;
  log: { error(details: object, message: string): void };
}

const PATH = '/api/uploads';
/** The same token shape the auth plugin accepts. */
const BEARER = /^Bearer\s+([A-Za-z0-9_-]{16,128})\s*$/;
const json = (message: string, code: string) => JSON.stringify({ message, code } satisfies ApiErrorBody);

/** tus hooks abort a request by throwing `{status_code, body}`; our errors keep their JSON shape. */
function asTusError(error: unknown): { status_code: number; body: string } {
  if (error instanceof AppError)
    return { status_code: error.statusCode, body: json(error.message, error.code) };
  throw error;
}

/**
 * tus reads an upload's bytes from `request.body`, which srvx builds with Readable.toWeb, copying
 * every chunk. The parser's own chunks go to the store instead, which frees each one once written.
 */
function bodyWithoutCopies(request: TusRequest): void {
  const node = request.runtime?.node?.req;
  if (!node || (request.method !== 'PATCH' && request.method !== 'POST')) return;
  let body: ReadableStream<Uint8Array> | undefined;
  // Made on first use, as srvx does: a request refused before its body is read leaves it unread.
  Object.defineProperty(request, 'body', { configurable: true, get: () => (body ??= requestBody(node)) });
}

/**
 * Resumable post-media uploads (tus 1.0) at /api/uploads: the bearer token is checked on every
 * request, an upload belongs to the user who created it, the declared length is checked before
 * any byte arrives, and the finished file becomes media (see PostUploadService).
 */
const tusRoutes: FastifyPluginAsync<TusRouteOptions> = async (app, options) => {
  const { uploads, postUploads } = options;
  /** Per request: who sent it (set in onIncomingRequest) and its client address (from Fastify). */
  const users = new WeakMap<TusRequest, UserRecord>();
  const addresses = new WeakMap<object, string>();

  const server = new Server({
    path: PATH,
    datastore: uploads.datastore,
    relativeLocation: true,
    maxSize: postUploads.maxBytes,
    namingFunction: () => uuidv7(),
    async onIncomingRequest(request, uploadId) {
      bodyWithoutCopies(request);
      const token = BEARER.exec(request.headers.get('authorization') ?? '')?.[1];
      const user = token ? await options.authenticate(token) : null;
      if (!user) throw { status_code: 401, body: json('Unauthorized', 'UNAUTHORIZED') };
      users.set(request, user);
      if (request.method === 'POST') return;
      const upload = await uploads.getUpload(uploadId);
      try {
        assertCan(actorOf(user), 'upload:continue', { ownerId: upload?.metadata?.ownerId ?? null });
      } catch (error) {
        throw asTusError(error);
      }
    },
    async onUploadCreate(request, upload) {
      const user = users.get(request);
      if (!user) throw { status_code: 401, body: json('Unauthorized', 'UNAUTHORIZED') };
      const node = request.runtime?.node?.req;
      const type = upload.metadata?.filetype ?? undefined;
      try {
        await postUploads.assertCanStart(user, (node && addresses.get(node)) ?? 'unknown', {
          size: upload.size,
          type,
        });
      } catch (error) {
        throw asTusError(error);
      }
      // The client's metadata (its file name included) is dropped: only the owner is kept, and
      // whether a video is to be made with recording marks (server/services/media/recording-marks.ts).
      const traceRecordings = upload.metadata?.traceRecordings === '1';
      return { metadata: { ownerId: user.id, ...(traceRecordings ? { traceRecordings: '1' } : {}) } };
    },
    async onUploadFinish(request, upload) {
      const user = users.get(request);
      if (!user) throw { status_code: 401, body: json('Unauthorized', 'UNAUTHORIZED') };
      try {
        const media = await presentMediaFacts(
          await postUploads.finish(user, upload.id, upload.size ?? upload.offset, {
            traceRecordings: upload.metadata?.traceRecordings === '1',
          }),
          options.links,
        );
        return {
          status_code: 200,
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(media),
        };
      } catch (error) {
        throw asTusError(error);
      }
    },
    onResponseError(_request, error) {
      if (error instanceof Error) {
        options.log.error({ err: error }, 'upload failed');
        return { status_code: 500, body: json('Something went wrong', 'INTERNAL') };
      }
      // tus's own "Maximum size exceeded", in the words and shape of the rest of the API.
      if (error.status_code === 413 && !error.body.startsWith('{')) {
        return {
          status_code: 413,
          body: json(mediaMessages.tooLarge(postUploads.maxBytes), 'PAYLOAD_TOO_LARGE'),
        };
      }
      return undefined;
    },
  });

  app.removeAllContentTypeParsers();
  // tus reads the body itself: Fastify must leave the stream untouched.
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  // A hijacked reply skips the app's onSend hooks, among them the one that ends a keep-alive
  // connection once the server is closing (server/app.ts) and the security headers
  // (server/plugins/security-headers.ts): both said here, or an upload finishing during a shutdown
  // leaves its connection open until the forced exit.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    addresses.set(request.raw, request.ip);
    reply.hijack();
    const response = reply.raw;
    const writeHead = response.writeHead.bind(response);
    response.writeHead = ((...args: Parameters<typeof response.writeHead>) => {
      if (closing) response.setHeader('connection', 'close');
      for (const [name, value] of Object.entries(app.apiSecurityHeaders))
        if (!response.hasHeader(name)) response.setHeader(name, value);
      return writeHead(...args);
    }) as typeof response.writeHead;
    await server.handle(request.raw, response);
  }
  // Hand-written: @tus/server answers the tus protocol (its methods, headers, raw body) itself; access goes through the funnel above.
  const methods = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'] as const;
  const schema = { hide: true };
  app.route({ method: [...methods], url: PATH, schema, handler: handle });
  app.route({ method: [...methods], url: `${PATH}/:id`, schema, handler: handle });
};

export default tusRoutes;
