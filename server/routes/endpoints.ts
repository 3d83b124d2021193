/**
 * Declared endpoints: a module describes each endpoint as data (method, URL, who may call it, the
 * shapes of its input and answer, its error statuses) and `registerEndpoints` turns the list into
 * Fastify routes. What follows from "who may call" is derived here, once, instead of being written
 * out by every route: the authentication step, the OpenAPI `security` entry, and the 401/403
 * answers. The handler receives the actor and the parsed input and returns the answer's body.
 *
 * Access to a particular object stays with the access funnel (server/policies/access.ts), which
 * the services ask; `caller` only says which accounts may reach the endpoint at all.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, LogLevel, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { signedIn } from '../plugins/auth.ts';
import { type Actor, actorOf } from '../policies/access.ts';
import { bearer, errorResponses } from './auth/responses.ts';

/**
 * Who may call an endpoint at all:
 * - `visitor`: anyone; a valid token makes the caller known (a bad one is ignored);
 * - `user`: a signed-in account (401 without);
 * - `admin`: a signed-in admin (401 without a session, 403 for anyone else).
 */
export type Caller = 'visitor' | 'user' | 'admin';

type Schema = z.ZodType;
type UserRecord = ReturnType<typeof signedIn>['user'];
type SessionRecord = ReturnType<typeof signedIn>['session'];
type Parsed<S> = S extends Schema ? z.output<S> : undefined;

/** What a handler gets: the actor, the signed-in account (for `user` and `admin`), the parsed input. */
export interface EndpointInput<C extends Caller, P, Q, B> {
  actor: Actor;
  user: C extends 'visitor' ? UserRecord | null : UserRecord;
  session: C extends 'visitor' ? SessionRecord | null : SessionRecord;
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface Endpoint<
  C extends Caller = Caller,
  P extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
  R extends Schema = Schema,
> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  summary: string;
  /** A longer account for the API reference, under the summary. */
  description?: string;
  caller: C;
  params?: P;
  query?: Q;
  body?: B;
  /** The success status (default 200) and the answer's shape. */
  status?: number;
  response: R;
  /** Other answers besides the success one (another success status, a redirect). */
  otherResponses?: Record<number, Schema>;
  /** Error statuses the endpoint itself may answer, besides those that follow from `caller`. */
  errors?: number[];
  /** `recent`: a two-step account must have passed its second step lately (403 otherwise). */
  secondFactor?: 'recent';
  /** Request headers the endpoint reads (validated and documented). */
  headers?: Schema;
  /** The largest body accepted, in bytes (Fastify's default otherwise). */
  bodyLimit?: number;
  /** Left out of the API reference (still registered and still in the authorization matrix). */
  hide?: boolean;
  /** The request body's media types, when not JSON (a multipart upload the handler reads itself). */
  consumes?: string[];
  /** The media types of the answer, when it is not JSON (an HTML page). */
  produces?: string[];
  /** The route's log level, when its lines would drown the log at the app's (probes). */
  logLevel?: LogLevel;
  /**
   * Returns the answer's body; a handler that answers by itself (a redirect, a stream) sends through
   * `reply` and returns it (`return reply.redirect(...)`).
   */
  handler(input: EndpointInput<C, P, Q, B>): Promise<z.input<R>>;
}

/** Declares one endpoint; the function only lets TypeScript infer the handler's input from the schemas. */
export const endpoint = <
  C extends Caller,
  R extends Schema,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(
  spec: Endpoint<C, P, Q, B, R>,
): Endpoint<C, P, Q, B, R> => spec;

/** The statuses that follow from who may call. */
const callerErrors: Record<Caller, number[]> = { visitor: [], user: [401], admin: [401, 403] };

/** Registers each endpoint as a route; `tags` groups them in the API reference. */
export function registerEndpoints(
  app: FastifyInstance,
  tags: string[],
  // biome-ignore lint/suspicious/noExplicitAny: a list of endpoints of different shapes; each was checked where it was declared.
  endpoints: readonly Endpoint<any, any, any, any, any>[],
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const spec of endpoints) {
    const caller: Caller = spec.caller;
    const preHandler: RouteShorthandOptions['preHandler'] = [
      caller === 'visitor' ? app.authenticateOptional : app.authenticate,
      ...(caller === 'admin' ? [app.requireAdmin] : []),
      ...(spec.secondFactor === 'recent' ? [app.requireRecentSecondFactor] : []),
    ];
    const errors = [
      ...new Set([
        ...callerErrors[caller],
        ...(spec.secondFactor === 'recent' ? [403] : []),
        ...(spec.errors ?? []),
      ]),
    ].sort((a, b) => a - b);
    typed.route({
      method: spec.method,
      url: spec.url,
      preHandler,
      ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
      ...(spec.logLevel ? { logLevel: spec.logLevel } : {}),
      schema: {
        tags,
        summary: spec.summary,
        ...(spec.description ? { description: spec.description } : {}),
        ...(spec.produces ? { produces: spec.produces } : {}),
        ...(spec.hide ? { hide: true } : {}),
        ...(spec.consumes ? { consumes: spec.consumes } : {}),
        ...(caller === 'visitor' ? {} : { security: bearer }),
        ...(spec.params ? { params: spec.params } : {}),
        ...(spec.query ? { querystring: spec.query } : {}),
        ...(spec.headers ? { headers: spec.headers } : {}),
        ...(spec.body ? { body: spec.body } : {}),
        response: {
          [spec.status ?? 200]: spec.response,
          ...spec.otherResponses,
          ...errorResponses(...errors),
        },
      },
      async handler(request, reply) {
        const known =
          caller === 'visitor' ? { user: request.user, session: request.session } : signedIn(request);
        const result = await spec.handler({
          actor: actorOf(known.user),
          user: known.user,
          session: known.session,
          params: request.params,
          query: request.query,
          body: request.body,
          request,
          reply,
        });
        // A handler that answered by itself returns the reply; with async onSend hooks the answer
        // is not out yet, so `reply.sent` alone would not tell.
        if (reply.sent || (result as unknown) === reply) return reply;
        return reply.status(spec.status ?? 200).send(result);
      },
    });
  }
}
