import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addBlockListEntrySchema,
  blockListEntrySchema,
  blockListPageSchema,
  refusedUploadPageSchema,
  takedownSchema,
} from '../../../common/schemas/block-list.ts';
import { pageOf, pageQuery } from '../../../common/schemas/pagination.ts';
import { presentBlockListEntry, presentRefusedUpload } from '../../presenters/media/block-list.ts';
import type { BlockListService } from '../../services/media/block-list.service.ts';
import { endpoint, registerEndpoints } from '../endpoints.ts';

const idParams = z.object({ id: z.uuid() });

/** The re-upload block list and the uploads it refused (tags: admin). */
export function blockListEndpoints(blockList: BlockListService) {
  return [
    endpoint({
      method: 'GET',
      url: '/api/admin/block-list',
      summary:
        'Blocked media fingerprints, newest first: removed media and hashes added by admins (admins only)',
      caller: 'admin',
      query: pageQuery,
      response: blockListPageSchema,
      errors: [400],
      handler: async ({ user, query }) => {
        const { items, nextCursor } = await blockList.list(user, pageOf(query));
        return { items: items.map(presentBlockListEntry), nextCursor };
      },
    }),
    endpoint({
      method: 'POST',
      url: '/api/admin/block-list',
      summary: 'Add the PDQ hash of known abusive material to the block list, with a note (admins only)',
      caller: 'admin',
      body: addBlockListEntrySchema,
      status: 201,
      response: blockListEntrySchema,
      errors: [400],
      handler: async ({ user, body }) => presentBlockListEntry(await blockList.add(user, body)),
    }),
    endpoint({
      method: 'DELETE',
      url: '/api/admin/block-list/:id',
      summary: 'Remove an entry from the block list: matching uploads are accepted again (admins only)',
      caller: 'admin',
      params: idParams,
      status: 204,
      response: z.null(),
      errors: [404],
      handler: async ({ user, params }) => {
        await blockList.remove(user, params.id);
        return null;
      },
    }),
    endpoint({
      method: 'GET',
      url: '/api/admin/block-list/refusals',
      summary: 'Uploads refused for matching the block list, newest first (admins only)',
      caller: 'admin',
      query: pageQuery,
      response: refusedUploadPageSchema,
      errors: [400],
      handler: async ({ user, query }) => {
        const { items, nextCursor } = await blockList.refusals(user, pageOf(query));
        return { items: items.map(presentRefusedUpload), nextCursor };
      },
    }),
    endpoint({
      method: 'POST',
      url: '/api/admin/media/:id/takedown',
      summary:
        'Take media down: removed wherever it shows, and its fingerprints blocked from upload (admins only)',
      caller: 'admin',
      params: idParams,
      body: takedownSchema,
      response: blockListEntrySchema,
      errors: [404, 409],
      handler: async ({ user, params, body }) =>
        presentBlockListEntry(await blockList.takedown(user, params.id, body.note)),
    }),
  ];
}

const blockListRoutes: FastifyPluginAsyncZod<{ blockList: BlockListService }> = async (
  app,
  { blockList },
) => {
  registerEndpoints(app, ['admin'], blockListEndpoints(blockList));
};

export default blockListRoutes;
