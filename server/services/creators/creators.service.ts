import { handleProblem, normalizeHandle } from '../../../common/handles.ts';
import type { WatermarkSettings } from '../../../common/schemas/creators.ts';
import {
  creatorMessages,
  type FollowState,
  type HandleAvailability,
  handleMessages,
  type MyCreatorResponse,
  type UpdateCreatorProfileInput,
} from '../../../common/schemas/creators.ts';
import type { MessageSettings } from '../../../common/schemas/messages.ts';
import { conflict, notFound, validationFailed } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, keysetPage } from '../../lib/cursor.ts';
import { actorOf, assertCan } from '../../policies/access.ts';
import type { Viewer } from '../../policies/actions/creators.ts';
import type { UserRecord } from '../../repositories/auth/users.repository.ts';
import type { PurchasesRepository } from '../../repositories/billing/fan-payments/purchases.repository.ts';
import type {
  CreatorChanges,
  CreatorCounts,
  CreatorRecord,
  CreatorsRepository,
} from '../../repositories/creators/creators.repository.ts';
import type { LikesRepository } from '../../repositories/engagement/likes.repository.ts';
import type { BlocksRepository } from '../../repositories/safety/blocks.repository.ts';
import { isUniqueViolation } from '../../repositories/unique-violation.ts';
import type { ConversationChanges } from '../messages/conversation-changes.ts';
import { nameOf } from '../realtime/actor-name.ts';
import type { NotificationsService } from '../realtime/notifications.service.ts';
import type { OwnedMedia } from './owned-media.ts';

type Actor = Viewer & Pick<UserRecord, 'firstName' | 'lastName' | 'isEmailVerified'>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A creator's page as one viewer finds it: what its presenter (presenters/creators/creator.ts
 * `presentCreatorPage`) needs. `blocked`: a block either way between the viewer and the creator.
 */
export interface CreatorPageFacts {
  creator: CreatorRecord;
  viewer: Viewer | null;
  counts: CreatorCounts;
  isFollowing: boolean;
  blocked: boolean;
}

/** A page of suggested creators; `signedIn`: the viewer follows none of them (they are left out). */
export interface CreatorSuggestions {
  rows: CreatorRecord[];
  nextCursor: string | null;
  signedIn: boolean;
}

/** The signed-in user's own creator page (null when they are not a creator) and library counts. */
export interface MyCreatorFacts {
  creator: CreatorPageFacts | null;
  counts: MyCreatorResponse['counts'];
}

/** Creator pages, follows and settings; answers records and facts, which the endpoints present. */
export function createCreatorsService(deps: {
  creators: CreatorsRepository;
  blocks: BlocksRepository;
  likes: LikesRepository;
  purchases: Pick<PurchasesRepository, 'countByFan' | 'countMessagesByFan'>;
  ownedMedia: OwnedMedia;
  notifications: Pick<NotificationsService, 'notify'>;
  /** Conversation partners learn when "subscribers only" changes whether they may write. */
  conversationChanges: Pick<ConversationChanges, 'allOf'>;
  clock: Clock;
}) {
  const { creators } = deps;

  const blockedWith = (viewer: Viewer | null, creator: CreatorRecord) =>
    viewer && viewer.id !== creator.userId
      ? deps.blocks.between(viewer.id, creator.userId)
      : Promise.resolve(false);

  /** `blocked`: a block either way (known from `found`; the creator's own page has none). */
  async function pageOf(
    viewer: Viewer | null,
    creator: CreatorRecord,
    blocked = false,
  ): Promise<CreatorPageFacts> {
    const [counts, isFollowing] = await Promise.all([
      creators.counts(creator.id),
      viewer ? creators.isFollowing(viewer.id, creator.id) : false,
    ]);
    return { creator, viewer, counts, isFollowing, blocked };
  }

  /** By id, current handle or a former handle; 404 when this viewer may not see it. */
  async function visible(viewer: Viewer | null, idOrHandle: string): Promise<CreatorRecord> {
    return (await found(viewer, idOrHandle)).creator;
  }

  async function found(
    viewer: Viewer | null,
    idOrHandle: string,
  ): Promise<{ creator: CreatorRecord; blocked: boolean }> {
    const creator = UUID.test(idOrHandle)
      ? await creators.findById(idOrHandle.toLowerCase())
      : await creators.findByHandle(normalizeHandle(idOrHandle));
    if (!creator) throw notFound(creatorMessages.creatorNotFound);
    const blocked = await blockedWith(viewer, creator);
    const viewerBlockedThem =
      blocked && viewer !== null && (await deps.blocks.hasBlocked(viewer.id, creator.userId));
    assertCan(actorOf(viewer), 'creator:view', { creator, blocked, viewerBlockedThem });
    return { creator, blocked };
  }

  async function imageUrl(
    user: Viewer,
    id: string | undefined,
    purpose: 'profile' | 'banner',
    field: string,
  ) {
    if (!id) return undefined;
    const row = await deps.ownedMedia.find(user, id, purpose);
    const view = row ? await deps.ownedMedia.view(user, row.id) : null;
    if (!view?.url) throw validationFailed({ [field]: creatorMessages.uploadMissing });
    return view.url;
  }

  async function setFollow(user: Actor, idOrHandle: string, following: boolean): Promise<FollowState> {
    if (following) assertCan(actorOf(user), 'account:act', {});
    const creator = await visible(user, idOrHandle);
    if (following) {
      assertCan(actorOf(user), 'creator:follow', { creator, blocked: await blockedWith(user, creator) });
      if (await creators.follow(user.id, creator.id, deps.clock.now())) {
        await deps.notifications.notify({
          userId: creator.userId,
          kind: 'follow',
          actorId: user.id,
          text: `${nameOf(user)} followed you`,
          link: null,
        });
      }
    } else {
      await creators.unfollow(user.id, creator.id);
    }
    return { following, followers: await creators.followerCount(creator.id) };
  }

  return {
    /** The countries where the signed-in creator's page, posts and media are not shown. */
    async blockedCountries(user: Actor): Promise<string[]> {
      const creator = await creators.findByUserId(user.id);
      if (!creator) throw notFound(creatorMessages.creatorNotFound);
      return creator.blockedCountries;
    },

    async setBlockedCountries(user: Actor, countries: string[]): Promise<string[]> {
      const creator = await creators.findByUserId(user.id);
      if (!creator) throw notFound(creatorMessages.creatorNotFound);
      const unique = [...new Set(countries.map((code) => code.toUpperCase()))].sort();
      const updated = await creators.update(creator, { blockedCountries: unique }, deps.clock.now());
      return updated.blockedCountries;
    },

    /** A creator's page as this viewer sees it (onboarding and the admins' review show it too). */
    pageOf,

    /** Suggestions: approved creators the viewer neither is, follows, nor has a block with. */
    async list(options: { limit: number; cursor?: string; viewer?: Viewer }): Promise<CreatorSuggestions> {
      const after = decodeCursor(options.cursor, ['id']);
      const rows = await creators.listSuggestions({
        limit: options.limit + 1,
        ...(after ? { beforeId: after.id } : {}),
        ...(options.viewer ? { viewerId: options.viewer.id } : {}),
      });
      return {
        ...keysetPage(rows, options.limit, (last) => ({ id: last.id })),
        signedIn: options.viewer !== undefined,
      };
    },

    async get(viewer: Viewer | null, idOrHandle: string): Promise<CreatorPageFacts> {
      const { creator, blocked } = await found(viewer, idOrHandle);
      return pageOf(viewer, creator, blocked);
    },

    async mine(user: Viewer): Promise<MyCreatorFacts> {
      const [creator, liked, purchased, purchasedMessages] = await Promise.all([
        creators.findByUserId(user.id),
        deps.likes.countByUser(user.id),
        deps.purchases.countByFan(user.id),
        deps.purchases.countMessagesByFan(user.id),
      ]);
      return {
        creator: creator ? await pageOf(user, creator) : null,
        counts: { liked, purchased, purchasedMessages },
      };
    },

    async handleAvailability(viewer: Viewer | null, input: string): Promise<HandleAvailability> {
      const handle = normalizeHandle(input);
      const problem = handleProblem(handle);
      if (problem) return { handle, available: false, message: problem };
      const own = viewer ? await creators.findByUserId(viewer.id) : null;
      const taken = await creators.isHandleTaken(handle, own?.id);
      return { handle, available: !taken, message: taken ? handleMessages.taken : handleMessages.available };
    },

    async update(user: Viewer, input: UpdateCreatorProfileInput): Promise<CreatorPageFacts> {
      const creator = await creators.findByUserId(user.id);
      if (!creator) throw notFound(creatorMessages.notCreator);
      const handle = normalizeHandle(input.username);
      if (await creators.isHandleTaken(handle, creator.id))
        throw conflict(handleMessages.taken, { username: handleMessages.taken });
      const changes: CreatorChanges = { displayName: input.displayName, handle, bio: input.bio };
      const avatarUrl = await imageUrl(user, input.avatarId, 'profile', 'avatarId');
      const bannerUrl = await imageUrl(user, input.bannerId, 'banner', 'bannerId');
      if (avatarUrl) changes.avatarUrl = avatarUrl;
      if (bannerUrl) changes.bannerUrl = bannerUrl;
      // Only new subscriptions see a bundle change: a subscription renews at the plan and price it
      // started with (server/services/billing/fan-payments/lifecycle.service.ts).
      if (input.threeMonthDiscountPercent !== undefined)
        changes.threeMonthDiscountPercent = input.threeMonthDiscountPercent;
      if (input.twelveMonthDiscountPercent !== undefined)
        changes.twelveMonthDiscountPercent = input.twelveMonthDiscountPercent;
      try {
        return pageOf(user, await creators.update(creator, changes, deps.clock.now()));
      } catch (error) {
        if (isUniqueViolation(error))
          throw conflict(handleMessages.taken, { username: handleMessages.taken });
        throw error;
      }
    },

    follow: (user: Actor, idOrHandle: string) => setFollow(user, idOrHandle, true),
    unfollow: (user: Actor, idOrHandle: string) => setFollow(user, idOrHandle, false),

    /** A creator's choice to take messages from subscribers only. */
    async setMessageSettings(user: Viewer, settings: MessageSettings): Promise<MessageSettings> {
      const creator = await creators.findByUserId(user.id);
      if (!creator) throw notFound(creatorMessages.notCreator);
      const saved = await creators.update(
        creator,
        { messagesSubscribersOnly: settings.subscribersOnly },
        deps.clock.now(),
      );
      if (saved.messagesSubscribersOnly !== creator.messagesSubscribersOnly) {
        // In the background: a popular creator may have many conversations to announce.
        void deps.conversationChanges.allOf(user.id);
      }
      return { subscribersOnly: saved.messagesSubscribersOnly };
    },

    /** The visible mark on the signed-in creator's photos and videos. */
    async watermark(user: Viewer): Promise<WatermarkSettings> {
      const creator = await creators.findByUserId(user.id);
      if (!creator) throw notFound(creatorMessages.notCreator);
      return { watermark: creator.watermark, viewerHandle: creator.watermarkViewerHandle };
    },

    /** A new choice is a new mark text, so marked copies made under the old one are never served. */
    async setWatermark(user: Viewer, settings: WatermarkSettings): Promise<WatermarkSettings> {
      const creator = await creators.findByUserId(user.id);
      if (!creator) throw notFound(creatorMessages.notCreator);
      const saved = await creators.update(
        creator,
        { watermark: settings.watermark, watermarkViewerHandle: settings.viewerHandle },
        deps.clock.now(),
      );
      return { watermark: saved.watermark, viewerHandle: saved.watermarkViewerHandle };
    },

    async messageSettings(user: Viewer): Promise<MessageSettings> {
      const creator = await creators.findByUserId(user.id);
      if (!creator) throw notFound(creatorMessages.notCreator);
      return { subscribersOnly: creator.messagesSubscribersOnly };
    },
  };
}

export type CreatorsService = ReturnType<typeof createCreatorsService>;
