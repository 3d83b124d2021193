import { z } from 'zod';

/** A creator as shown in short lists (the 'More Creators' panel, search results). */
export const creatorSummarySchema = z.object({
  id: z.string(),
  handle: z.string(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
  isFollowing: z.boolean().optional(),
});

export type CreatorSummary = z.infer<typeof creatorSummarySchema>;

/** GET /api/creators?limit=&cursor= answers a keyset page (ARCHITECTURE section 5). */
export const creatorListResponseSchema = z.object({
  items: z.array(creatorSummarySchema),
  nextCursor: z.string().nullable(),
});

export type CreatorListResponse = z.infer<typeof creatorListResponseSchema>;
