import { pathTo } from '../../../common/routes.ts';
import type { CreatorProfile, CreatorReviewList } from '../../../common/schemas/creators.ts';
import { creatorMessages } from '../../../common/schemas/creators.ts';
import type { Outbox } from '../../adapters/mail/index.ts';
import { notFound } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { actorOf, assertCan } from '../../policies/access.ts';
import type { Viewer } from '../../policies/actions/creators.ts';
import { presentCreatorReview } from '../../presenters/creator.ts';
import type { CreatorStatus, CreatorsRepository } from '../../repositories/creators.repository.ts';
import type { UsersRepository } from '../../repositories/users.repository.ts';
import { message } from '../auth/emails.ts';
import type { CreatorsService } from './creators.service.ts';
import type { OwnedMedia } from './owned-media.ts';

/** Admins approve or reject new creators; only approved ones are listed and may charge. */
export function createCreatorReviewService(deps: {
  creators: CreatorsRepository;
  users: Pick<UsersRepository, 'findById'>;
  profiles: Pick<CreatorsService, 'present'>;
  ownedMedia: OwnedMedia;
  outbox: Outbox;
  clock: Clock;
  publicUrl: string;
}) {
  async function decide(admin: Viewer, id: string, status: CreatorStatus, reason: string | null) {
    assertCan(actorOf(admin), 'admin:act', { task: 'review creators' });
    const creator = await deps.creators.setReview(id, {
      status,
      reason,
      reviewerId: admin.id,
      now: deps.clock.now(),
    });
    if (!creator) throw notFound(creatorMessages.creatorNotFound);
    const account = await deps.users.findById(creator.userId);
    if (account) {
      const link = `${deps.publicUrl}${pathTo('publicProfile', { id: creator.handle })}`;
      deps.outbox.sendInBackground(
        status === 'approved'
          ? message(
              account.email,
              'Your Fanplace creator profile is approved',
              [`Good news: @${creator.handle} is approved. Fans can now find you, follow you and subscribe.`],
              { label: 'See your profile', url: link },
            )
          : message(
              account.email,
              'Your Fanplace creator profile was not approved',
              [
                `We could not approve @${creator.handle} yet, for this reason:`,
                reason ?? '',
                'You can update your profile and contact support to be reviewed again.',
              ],
              { label: 'See your profile', url: link },
            ),
      );
    }
    return deps.profiles.present(admin, creator);
  }

  return {
    async list(
      admin: Viewer,
      options: { status: CreatorStatus; limit: number; cursor?: string },
    ): Promise<CreatorReviewList> {
      assertCan(actorOf(admin), 'admin:act', { task: 'review creators' });
      const after = decodeCursor(options.cursor, ['id']);
      const rows = await deps.creators.listForReview({
        status: options.status,
        limit: options.limit + 1,
        ...(after ? { afterId: after.id } : {}),
      });
      const page = rows.slice(0, options.limit);
      const items = await Promise.all(
        page.map(async (row) =>
          presentCreatorReview(row, {
            profile: await deps.profiles.present(admin, row.creator),
            document: await deps.ownedMedia.view(admin, row.creator.identityDocumentId ?? undefined),
          }),
        ),
      );
      const last = page.at(-1);
      return {
        items,
        nextCursor: rows.length > options.limit && last ? encodeCursor({ id: last.creator.id }) : null,
      };
    },

    approve: (admin: Viewer, id: string): Promise<CreatorProfile> => decide(admin, id, 'approved', null),
    reject: (admin: Viewer, id: string, reason: string): Promise<CreatorProfile> =>
      decide(admin, id, 'rejected', reason),
  };
}

export type CreatorReviewService = ReturnType<typeof createCreatorReviewService>;
