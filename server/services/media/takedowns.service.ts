import { type TakedownStatus, takedownMessages } from '../../../common/schemas/leaks.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { actorOf, assertCan } from '../../policies/access.ts';
import { isAdminAccount } from '../../policies/actions/accounts.ts';
import type { UserRecord } from '../../repositories/auth/users.repository.ts';
import type { CreatorsRepository } from '../../repositories/creators/creators.repository.ts';
import type { DeliveriesRepository, DeliveryViewer } from '../../repositories/media/deliveries.repository.ts';
import type { MediaRepository } from '../../repositories/media/media.repository.ts';
import type { TakedownRecord, TakedownsRepository } from '../../repositories/media/takedowns.repository.ts';

/** A takedown with what its notice and its page need to say. */
export interface TakedownFacts {
  takedown: TakedownRecord;
  creator: { handle: string; displayName: string } | null;
  /** The post that shows the photo, if any. */
  postId: string | null;
  traced: DeliveryViewer | null;
}

/**
 * Takedowns: a creator opens one from a trace (where the copy was found, their photo, the traced
 * delivery), follows it (sent, removed, refused); an admin may suspend the traced account, with
 * the takedown as the evidence.
 */
export function createTakedowns(deps: {
  takedowns: TakedownsRepository;
  deliveries: Pick<DeliveriesRepository, 'find' | 'viewers' | 'postOf'>;
  media: Pick<MediaRepository, 'findById'>;
  creators: Pick<CreatorsRepository, 'findByUserId'>;
  users: { findById(id: string): Promise<UserRecord | null> };
  suspend(userId: string, now: Date): Promise<void>;
  clock: Clock;
}) {
  async function facts(takedown: TakedownRecord): Promise<TakedownFacts> {
    const [creator, postId, traced] = await Promise.all([
      deps.creators.findByUserId(takedown.creatorUserId),
      takedown.mediaId ? deps.deliveries.postOf(takedown.mediaId) : Promise.resolve(null),
      takedown.tracedUserId ? deps.deliveries.viewers([takedown.tracedUserId]) : Promise.resolve([]),
    ]);
    return {
      takedown,
      creator: creator ? { handle: creator.handle, displayName: creator.displayName } : null,
      postId,
      traced: traced[0] ?? null,
    };
  }

  async function ownTakedown(user: UserRecord, id: string): Promise<TakedownRecord> {
    const takedown = await deps.takedowns.find(id);
    assertCan(actorOf(user), 'takedown:own', { creatorUserId: takedown?.creatorUserId ?? null });
    if (!takedown) throw notFound(takedownMessages.notFound);
    return takedown;
  }

  return {
    async open(
      user: UserRecord,
      input: { mediaId: string; foundUrl: string; deliveryId?: string | undefined },
    ): Promise<TakedownFacts> {
      const media = await deps.media.findById(input.mediaId);
      assertCan(actorOf(user), 'takedown:open', { media });
      let tracedUserId: string | null = null;
      let deliveryId: string | null = null;
      if (input.deliveryId) {
        const delivery = await deps.deliveries.find(input.deliveryId);
        if (!delivery || delivery.mediaId !== input.mediaId)
          throw badRequest(takedownMessages.deliveryMismatch);
        tracedUserId = delivery.viewerId;
        deliveryId = delivery.id;
      }
      const takedown = await deps.takedowns.create(
        {
          creatorUserId: user.id,
          mediaId: input.mediaId,
          deliveryId,
          tracedUserId,
          foundUrl: input.foundUrl,
        },
        deps.clock.now(),
      );
      return facts(takedown);
    },

    async list(user: UserRecord): Promise<TakedownFacts[]> {
      assertCan(actorOf(user), 'takedown:own', { creatorUserId: user.id });
      return Promise.all((await deps.takedowns.list(user.id)).map(facts));
    },

    async setStatus(user: UserRecord, id: string, status: TakedownStatus): Promise<TakedownFacts> {
      await ownTakedown(user, id);
      const updated = await deps.takedowns.update(id, { status }, deps.clock.now());
      if (!updated) throw notFound(takedownMessages.notFound);
      return facts(updated);
    },

    /** Every takedown, newest first, for admins. */
    async all(admin: UserRecord): Promise<TakedownFacts[]> {
      assertCan(actorOf(admin), 'takedown:suspend', {});
      return Promise.all((await deps.takedowns.list(null)).map(facts));
    },

    /** Suspends the traced account (no sign-in, sessions ended), recorded on the takedown. */
    async suspend(admin: UserRecord, id: string): Promise<TakedownFacts> {
      assertCan(actorOf(admin), 'takedown:suspend', {});
      const takedown = await deps.takedowns.find(id);
      if (!takedown) throw notFound(takedownMessages.notFound);
      if (!takedown.tracedUserId) throw conflict(takedownMessages.nobodyToSuspend);
      const traced = await deps.users.findById(takedown.tracedUserId);
      if (!traced || isAdminAccount(traced)) throw conflict(takedownMessages.nobodyToSuspend);
      if (traced.suspendedAt) throw conflict(takedownMessages.alreadySuspended);
      const now = deps.clock.now();
      await deps.suspend(traced.id, now);
      const updated = await deps.takedowns.update(id, { suspendedAt: now, suspendedBy: admin.id }, now);
      return facts(updated ?? takedown);
    },
  };
}

export type Takedowns = ReturnType<typeof createTakedowns>;
