import type { CreatorListResponse } from '../../../common/schemas/creators.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { presentCreatorSummary } from '../../presenters/creator.ts';
import type { CreatorsRepository } from '../../repositories/creators.repository.ts';

export function createCreatorsService(deps: { creators: CreatorsRepository }) {
  return {
    /** Approved creators for lists and suggestions; the viewer never sees themselves. */
    async list(options: { limit: number; cursor?: string; viewerId?: string }): Promise<CreatorListResponse> {
      const after = decodeCursor(options.cursor, ['id']);
      const rows = await deps.creators.listApproved({
        limit: options.limit + 1,
        ...(after ? { beforeId: after.id } : {}),
        ...(options.viewerId ? { excludeUserId: options.viewerId } : {}),
      });
      const page = rows.slice(0, options.limit);
      const last = page.at(-1);
      return {
        items: page.map(presentCreatorSummary),
        nextCursor: rows.length > options.limit && last ? encodeCursor({ id: last.id }) : null,
      };
    },
  };
}

export type CreatorsService = ReturnType<typeof createCreatorsService>;
