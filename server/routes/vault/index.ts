import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  moveVaultItemSchema,
  vaultFolderInputSchema,
  vaultFolderListSchema,
  vaultFolderSchema,
  vaultPageSchema,
  vaultQuerySchema,
} from '../../../common/schemas/vault.ts';
import { signedIn } from '../../plugins/auth.ts';
import type { VaultService } from '../../services/vault/vault.service.ts';
import { bearer, errorResponses } from '../auth/responses.ts';

const tags = ['vault'];
const idParams = z.object({ id: z.string().max(64) });

/** A creator's vault: their uploads for posts, folders, and where each item is used. */
const vaultRoutes: FastifyPluginAsyncZod<{ vault: VaultService }> = async (app, { vault }) => {
  app.get(
    '/api/vault',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'Your uploads for posts, newest first, by kind, upload date and folder, with the posts using each',
        security: bearer,
        querystring: vaultQuerySchema,
        response: { 200: vaultPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => vault.list(signedIn(request).user, request.query),
  );

  app.get(
    '/api/vault/folders',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Your vault folders with their item counts',
        security: bearer,
        response: { 200: vaultFolderListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => vault.folders(signedIn(request).user),
  );

  app.post(
    '/api/vault/folders',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Make a vault folder',
        security: bearer,
        body: vaultFolderInputSchema,
        response: { 201: vaultFolderSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await vault.createFolder(signedIn(request).user, request.body.name)),
  );

  app.patch(
    '/api/vault/folders/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Rename a vault folder',
        security: bearer,
        params: idParams,
        body: vaultFolderInputSchema,
        response: { 200: vaultFolderSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => vault.renameFolder(signedIn(request).user, request.params.id, request.body.name),
  );

  app.delete(
    '/api/vault/folders/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Delete a vault folder (its items stay in the vault)',
        security: bearer,
        params: idParams,
        response: { 204: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await vault.deleteFolder(signedIn(request).user, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/vault/items/:id/folder',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Move a vault item into a folder, or out of any (null)',
        security: bearer,
        params: idParams,
        body: moveVaultItemSchema,
        response: { 200: moveVaultItemSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => vault.move(signedIn(request).user, request.params.id, request.body.folderId),
  );

  app.delete(
    '/api/vault/items/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Delete a vault item; refused while a post uses it (the message names the posts)',
        security: bearer,
        params: idParams,
        response: { 204: z.null(), ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      await vault.delete(signedIn(request).user, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

export default vaultRoutes;
