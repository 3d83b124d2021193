import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authResponseSchema, messageResponseSchema } from '../../../common/schemas/auth.ts';
import {
  addPasskeySchema,
  passkeyListSchema,
  passkeyMessages,
  passkeyParamsSchema,
  passkeySchema,
  passkeySignInSchema,
  renamePasskeySchema,
  webauthnOptionsSchema,
} from '../../../common/schemas/passkeys.ts';
import { clientInfo, signedIn } from '../../plugins/auth.ts';
import { presentUser } from '../../presenters/user.ts';
import type { PasskeyService } from '../../services/auth/passkeys.service.ts';
import { bearer, errorResponses } from './responses.ts';

const tags = ['auth'];

/** The library's options object, as the loose JSON the response schema describes. */
const asOptions = (options: { challenge: string }) =>
  options as { challenge: string } & Record<string, unknown>;

/** Passkeys: managed in Settings, and a way to sign in without a password. */
const passkeyRoutes: FastifyPluginAsyncZod<{ passkeys: PasskeyService }> = async (app, { passkeys }) => {
  app.post(
    '/api/auth/passkey/options',
    {
      schema: {
        tags,
        summary: 'Options for signing in with a passkey (any passkey of this site; 5 minutes)',
        response: { 200: webauthnOptionsSchema },
      },
    },
    async () => asOptions(await passkeys.signInOptions()),
  );

  app.post(
    '/api/auth/passkey',
    {
      schema: {
        tags,
        summary: 'Sign in with a passkey: a session that counts as two factors',
        body: passkeySignInSchema,
        response: { 200: authResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { token, user } = await passkeys.signIn(request.body.response, clientInfo(request));
      return { token, user: presentUser(user) };
    },
  );

  app.get(
    '/api/me/passkeys',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'My passkeys, newest first',
        security: bearer,
        response: { 200: passkeyListSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ items: await passkeys.list(signedIn(request).user) }),
  );

  app.post(
    '/api/me/passkeys/options',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Options for adding a passkey to my account (5 minutes)',
        security: bearer,
        response: { 200: webauthnOptionsSchema, ...errorResponses(401) },
      },
    },
    async (request) => asOptions(await passkeys.registrationOptions(signedIn(request).user)),
  );

  app.post(
    '/api/me/passkeys',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "Add a passkey: its name and the browser's answer to the options",
        security: bearer,
        body: addPasskeySchema,
        response: { 201: passkeySchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const { name, response } = request.body;
      return reply.status(201).send(await passkeys.add(signedIn(request).user, name, response));
    },
  );

  app.patch(
    '/api/me/passkeys/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Rename one of my passkeys',
        security: bearer,
        params: passkeyParamsSchema,
        body: renamePasskeySchema,
        response: { 200: passkeySchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => passkeys.rename(signedIn(request).user, request.params.id, request.body.name),
  );

  app.delete(
    '/api/me/passkeys/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Remove one of my passkeys',
        security: bearer,
        params: passkeyParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      await passkeys.remove(signedIn(request).user, request.params.id);
      return { message: passkeyMessages.removed };
    },
  );
};

export default passkeyRoutes;
