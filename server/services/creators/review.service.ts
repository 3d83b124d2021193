import { pathTo } from '../../../common/routes.ts';
import { creatorMessages } from '../../../common/schemas/creators.ts';
import type { MediaView } from '../../../common/schemas/media.ts';
import type { Outbox } from '../../adapters/mail/index.ts';
import { notFound } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, keysetPage } from '../../lib/cursor.ts';
import { actorOf, assertCan } from '../../policies/access.ts';
import type { Viewer } from '../../policies/actions/creators.ts';
import type { UsersRepository } from '../../repositories/auth/users.repository.ts';
import type {
  CreatorStatus,
  CreatorsRepository,
  ReviewRow,
} from '../../repositories/creators/creators.repository.ts';
import { message } from '../auth/emails.ts';
import type { NotificationsService } from '../realtime/notifications.service.ts';
import type { CreatorPageFacts, CreatorsService } from './creators.service.ts';
import type { OwnedMedia } from './owned-media.ts';

/** One application in the review queue: its row, the page as the admin sees it, the identity document. */
export interface CreatorReviewFacts {
  row: ReviewRow;
  page: CreatorPageFacts;
  document: MediaView | null;
}

/**
 * Admins approve or reject new creators; only approved ones are listed and may charge. Answers
 * facts; the endpoints present them (presenters/creators/creator.ts).
 */
export function createCreatorReviewService(deps: {
  creators: CreatorsRepository;
  users: Pick<UsersRepository, 'findById'>;
  profiles: Pick<CreatorsService, 'pageOf'>;
  ownedMedia: OwnedMedia;
  outbox: Outbox;
  /** The creator hears of the answer in the app (bell and push) as well as by email. */
  notifications: Pick<NotificationsService, 'notify'>;
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
    // In the bell and by push, from no one in particular (never the admin who decided).
    await deps.notifications.notify({
      userId: creator.userId,
      kind: 'creator_review',
      actorId: null,
      text:
        status === 'approved'
          ? `Your creator page @${creator.handle} is approved: fans can now find you, follow you and subscribe.`
          : `We could not approve your creator page @${creator.handle} yet. Reason: ${reason ?? 'see the email we sent you'}`,
      link: pathTo('publicProfile', { id: creator.handle }),
    });
    return deps.profiles.pageOf(admin, creator);
  }

  return {
    async list(
      admin: Viewer,
      options: { status: CreatorStatus; limit: number; cursor?: string },
    ): Promise<{ rows: CreatorReviewFacts[]; nextCursor: string | null }> {
      assertCan(actorOf(admin), 'admin:act', { task: 'review creators' });
      const after = decodeCursor(options.cursor, ['id']);
      const rows = await deps.creators.listForReview({
        status: options.status,
        limit: options.limit + 1,
        ...(after ? { afterId: after.id } : {}),
      });
      const page = keysetPage(rows, options.limit, (last) => ({ id: last.creator.id }));
      return {
        rows: await Promise.all(
          page.rows.map(async (row) => ({
            row,
            page: await deps.profiles.pageOf(admin, row.creator),
            document: await deps.ownedMedia.view(admin, row.creator.identityDocumentId ?? undefined),
          })),
        ),
        nextCursor: page.nextCursor,
      };
    },

    approve: (admin: Viewer, id: string): Promise<CreatorPageFacts> => decide(admin, id, 'approved', null),
    reject: (admin: Viewer, id: string, reason: string): Promise<CreatorPageFacts> =>
      decide(admin, id, 'rejected', reason),
  };
}

export type CreatorReviewService = ReturnType<typeof createCreatorReviewService>;
