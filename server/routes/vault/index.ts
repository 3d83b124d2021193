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
import { presentVaultFolder, presentVaultItem } from '../../presenters/vault/vault.ts';
import type { MediaLinks } from '../../services/media/links.ts';
import type { VaultService } from '../../services/vault/vault.service.ts';
import { endpoint, registerEndpoints } from '../endpoints.ts';

const idParams = z.object({ id: z.string().max(64) });

/** A creator's vault: their uploads for posts, folders, and where each item is used. */
export function vaultEndpoints(vault: VaultService, links: MediaLinks) {
  return [
    endpoint({
      method: 'GET',
      url: '/api/vault',
      summary:
        'Your uploads for posts, newest first, by kind, upload date and folder, with the posts using each',
      caller: 'user',
      query: vaultQuerySchema,
      response: vaultPageSchema,
      errors: [400, 403],
      handler: async ({ user, query }) => {
        const page = await vault.list(user, query);
        return {
          items: await Promise.all(page.items.map(({ row, uses }) => presentVaultItem(row, uses, links))),
          nextCursor: page.nextCursor,
        };
      },
    }),
    endpoint({
      method: 'GET',
      url: '/api/vault/folders',
      summary: 'Your vault folders with their item counts',
      caller: 'user',
      response: vaultFolderListSchema,
      errors: [403],
      handler: async ({ user }) => ({ items: (await vault.folders(user)).map(presentVaultFolder) }),
    }),
    endpoint({
      method: 'POST',
      url: '/api/vault/folders',
      summary: 'Make a vault folder',
      caller: 'user',
      body: vaultFolderInputSchema,
      status: 201,
      response: vaultFolderSchema,
      errors: [400, 403, 409],
      handler: async ({ user, body }) => presentVaultFolder(await vault.createFolder(user, body.name)),
    }),
    endpoint({
      method: 'PATCH',
      url: '/api/vault/folders/:id',
      summary: 'Rename a vault folder',
      caller: 'user',
      params: idParams,
      body: vaultFolderInputSchema,
      response: vaultFolderSchema,
      errors: [400, 404, 409],
      handler: async ({ user, params, body }) =>
        presentVaultFolder(await vault.renameFolder(user, params.id, body.name)),
    }),
    endpoint({
      method: 'DELETE',
      url: '/api/vault/folders/:id',
      summary: 'Delete a vault folder (its items stay in the vault)',
      caller: 'user',
      params: idParams,
      status: 204,
      response: z.null(),
      errors: [404],
      handler: async ({ user, params }) => {
        await vault.deleteFolder(user, params.id);
        return null;
      },
    }),
    endpoint({
      method: 'PUT',
      url: '/api/vault/items/:id/folder',
      summary: 'Move a vault item into a folder, or out of any (null)',
      caller: 'user',
      params: idParams,
      body: moveVaultItemSchema,
      response: moveVaultItemSchema,
      errors: [400, 404],
      handler: ({ user, params, body }) => vault.move(user, params.id, body.folderId),
    }),
    endpoint({
      method: 'DELETE',
      url: '/api/vault/items/:id',
      summary: 'Delete a vault item; refused while a post uses it (the message names the posts)',
      caller: 'user',
      params: idParams,
      status: 204,
      response: z.null(),
      errors: [404, 409],
      handler: async ({ user, params }) => {
        await vault.delete(user, params.id);
        return null;
      },
    }),
  ];
}

const vaultRoutes: FastifyPluginAsyncZod<{ vault: VaultService; links: MediaLinks }> = async (
  app,
  { vault, links },
) => {
  registerEndpoints(app, ['vault'], vaultEndpoints(vault, links));
};

export default vaultRoutes;
