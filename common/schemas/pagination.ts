import { z } from 'zod';
import { limits } from '../limits.ts';

/** The longest opaque cursor any list hands out (keyset cursors are a few ids and a timestamp). */
export const CURSOR_MAX_LENGTH = 500;

/**
 * The query of every keyset-paged list: `limit` (1 to the maximum, a default when left out) and
 * the opaque `cursor` of the previous page. Lists with their own size pass it; extra filters are
 * added with `.extend({ ... })`.
 */
export function pageQuerySchema({
  defaultLimit = limits.pagination.defaultLimit,
  maxLimit = limits.pagination.maxLimit,
}: {
  defaultLimit?: number;
  maxLimit?: number;
} = {}) {
  return z.object({
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
    cursor: z.string().max(CURSOR_MAX_LENGTH).optional(),
  });
}

/** The usual page query: 20 by default, at most 100. */
export const pageQuery = pageQuerySchema();

export interface PageRequest {
  limit: number;
  cursor?: string;
}

/** What services take: the limit, and the cursor only when one was sent. */
export function pageOf(query: { limit: number; cursor?: string | undefined }): PageRequest {
  return { limit: query.limit, ...(query.cursor ? { cursor: query.cursor } : {}) };
}
