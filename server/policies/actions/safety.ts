/** Safety: blocking people, and taking someone out of one's followers and subscribers. */
import { safetyMessages } from '../../../common/schemas/safety.ts';
import { refuse } from '../actor.ts';
import { isSelf, row } from './row.ts';

export const safetyActions = {
  /** Blocking (and removing) someone else: never oneself. */
  'user:block': row<{ userId: string }>(
    ['POST /api/me/blocks', 'POST /api/me/blocks/:userId/remove'],
    (actor, target) =>
      isSelf(actor, target.userId) ? refuse.forbidden(safetyMessages.cannotBlockYourself) : null,
  ),
  /**
   * Removing someone from one's followers and subscribers (ending a paid subscription): only someone
   * blocked first, so that a paying fan's access is never ended on a whim.
   */
  'user:remove': row<{ blocked: boolean }>(['POST /api/me/blocks/:userId/remove'], (_actor, target) =>
    target.blocked ? null : refuse.conflict(safetyMessages.removeNeedsBlock),
  ),
  /**
   * Downloading a data export: only its owner, only while it is ready and kept. To anyone else, and
   * once it is gone, it does not exist.
   */
  'data-export:download': row<{ ownerId: string | null; available: boolean }>(
    ['GET /api/me/exports/:id/download'],
    (actor, target) =>
      target.ownerId !== null && isSelf(actor, target.ownerId) && target.available
        ? null
        : refuse.notFound(safetyMessages.exportNotFound),
  ),
} as const;
