import { authMessages } from '../../../common/schemas/auth.ts';
import { validationFailed } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { isPublicVariant } from '../../policies/actions/media.ts';
import type {
  ProfileChanges,
  UserRecord,
  UsersRepository,
} from '../../repositories/auth/users.repository.ts';
import type { MediaRepository } from '../../repositories/media/media.repository.ts';

/** `/api/media/<id>/<variant>`: the path every rendition of an upload is served under. */
const MEDIA_PATH =
  /^\/api\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/([a-z0-9-]{1,32})$/;

export function createProfileService(deps: {
  users: UsersRepository;
  media: Pick<MediaRepository, 'findById'>;
  clock: Clock;
  publicUrl: string;
}) {
  const ourOrigin = new URL(deps.publicUrl).origin;

  /**
   * Whether the URL is a public rendition, on this server, of a profile image this user uploaded
   * and that finished processing (as creator avatars are checked): anything else (another site,
   * another user's upload, a banner, a private post photo) could track viewers or borrow content.
   */
  async function isOwnProfileImage(user: UserRecord, url: string): Promise<boolean> {
    let parsed: URL;
    try {
      // Media links are relative to the site (server/services/media/links.ts); absolute ones at
      // PUBLIC_URL, stored before, still count.
      parsed = new URL(url, ourOrigin);
    } catch {
      return false;
    }
    if (parsed.origin !== ourOrigin || parsed.search !== '' || parsed.hash !== '') return false;
    const [, id, variant] = MEDIA_PATH.exec(parsed.pathname) ?? [];
    if (!id || !variant) return false;
    const row = await deps.media.findById(id);
    return (
      row !== null &&
      row.ownerId === user.id &&
      row.purpose === 'profile' &&
      row.status === 'ready' &&
      Object.hasOwn(row.variants, variant) &&
      isPublicVariant(row, variant)
    );
  }

  return {
    /**
     * Changes only the fields given; `profileImage: null` removes the picture. A new picture must be
     * one of the user's own uploaded profile images; the current one may be sent back unchanged.
     */
    async update(user: UserRecord, changes: ProfileChanges): Promise<UserRecord> {
      const given = Object.fromEntries(
        Object.entries(changes).filter(([, value]) => value !== undefined),
      ) as ProfileChanges;
      const image = given.profileImage;
      if (image && image !== user.profileImage && !(await isOwnProfileImage(user, image))) {
        throw validationFailed({ profileImage: authMessages.invalidImageUrl });
      }
      if (Object.keys(given).length === 0) return user;
      return (await deps.users.updateProfile(user.id, given, deps.clock.now())) ?? user;
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
