import type { MediaPurpose, MediaView } from '../../../common/schemas/media.ts';
import { actorOf, can } from '../../policies/access.ts';
import type { UserRecord } from '../../repositories/auth/users.repository.ts';
import type { MediaRecord, MediaRepository } from '../../repositories/media/media.repository.ts';
import type { ViewMedia } from '../media/library.service.ts';

/** A user's own uploads, as the creator screens refer to them by id. */
export function createOwnedMedia(deps: { media: MediaRepository; library: { view: ViewMedia } }) {
  return {
    /**
     * The upload when it is this user's, made for this purpose, and usable: profile images, banners
     * and documents must be ready; post media may still be processing (shown once done). Null otherwise.
     */
    async find(
      user: Pick<UserRecord, 'id' | 'role'>,
      id: string,
      purpose: MediaPurpose,
    ): Promise<MediaRecord | null> {
      const row = await deps.media.findById(id);
      if (!row || !can(actorOf(user), 'media:attach', { media: row, purpose })) return null;
      if (row.status === 'failed') return null;
      if (row.status === 'processing' && purpose !== 'post') return null;
      return row;
    },

    /** How the owner sees it (documents stay locked even to them); null when it is gone. */
    async view(user: Pick<UserRecord, 'id' | 'role'>, id: string | undefined): Promise<MediaView | null> {
      if (!id) return null;
      try {
        return await deps.library.view(user, id);
      } catch {
        return null;
      }
    },
  };
}

export type OwnedMedia = ReturnType<typeof createOwnedMedia>;
