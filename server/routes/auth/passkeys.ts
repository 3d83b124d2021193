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
import { clientInfo } from '../../plugins/auth.ts';
import { presentPasskey } from '../../presenters/auth/passkey.ts';
import { presentUser } from '../../presenters/auth/user.ts';
import type { PasskeyService } from '../../services/auth/passkeys.service.ts';
import { endpoint, registerEndpoints } from '../endpoints.ts';

/** The library's options object, as the loose JSON the response schema describes. */
const asOptions = (options: { challenge: string }) =>
  options as { challenge: string } & Record<string, unknown>;

/** Passkeys: managed in Settings, and a way to sign in without a password. */
export function passkeyEndpoints(passkeys: PasskeyService) {
  return [
    endpoint({
      method: 'POST',
      url: '/api/auth/passkey/options',
      summary: 'Options for signing in with a passkey (any passkey of this site; 5 minutes)',
      caller: 'visitor',
      response: webauthnOptionsSchema,
      handler: async () => asOptions(await passkeys.signInOptions()),
    }),
    endpoint({
      method: 'POST',
      url: '/api/auth/passkey',
      summary: 'Sign in with a passkey: a session that counts as two factors',
      caller: 'visitor',
      body: passkeySignInSchema,
      response: authResponseSchema,
      errors: [400, 401, 403],
      handler: async ({ body, request }) => {
        const { token, user } = await passkeys.signIn(body.response, clientInfo(request));
        return { token, user: presentUser(user) };
      },
    }),
    endpoint({
      method: 'GET',
      url: '/api/me/passkeys',
      summary: 'My passkeys, newest first',
      caller: 'user',
      response: passkeyListSchema,
      handler: async ({ user }) => ({ items: (await passkeys.list(user)).map(presentPasskey) }),
    }),
    endpoint({
      method: 'POST',
      url: '/api/me/passkeys/options',
      summary: 'Options for adding a passkey to my account (5 minutes)',
      caller: 'user',
      response: webauthnOptionsSchema,
      handler: async ({ user }) => asOptions(await passkeys.registrationOptions(user)),
    }),
    endpoint({
      method: 'POST',
      url: '/api/me/passkeys',
      summary: "Add a passkey: its name and the browser's answer to the options",
      caller: 'user',
      body: addPasskeySchema,
      status: 201,
      response: passkeySchema,
      errors: [400, 409],
      handler: async ({ user, body }) => presentPasskey(await passkeys.add(user, body.name, body.response)),
    }),
    endpoint({
      method: 'PATCH',
      url: '/api/me/passkeys/:id',
      summary: 'Rename one of my passkeys',
      caller: 'user',
      params: passkeyParamsSchema,
      body: renamePasskeySchema,
      response: passkeySchema,
      errors: [400, 404],
      handler: async ({ user, params, body }) =>
        presentPasskey(await passkeys.rename(user, params.id, body.name)),
    }),
    endpoint({
      method: 'DELETE',
      url: '/api/me/passkeys/:id',
      summary: 'Remove one of my passkeys',
      caller: 'user',
      params: passkeyParamsSchema,
      response: messageResponseSchema,
      errors: [404],
      handler: async ({ user, params }) => {
        await passkeys.remove(user, params.id);
        return { message: passkeyMessages.removed };
      },
    }),
  ];
}

const passkeyRoutes: FastifyPluginAsyncZod<{ passkeys: PasskeyService }> = async (app, { passkeys }) => {
  registerEndpoints(app, ['auth'], passkeyEndpoints(passkeys));
};

export default passkeyRoutes;
