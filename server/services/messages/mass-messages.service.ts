import {
  type CreateMassMessageInput,
  type MassMessageAudienceCounts,
  massMessageMessages as mm,
} from '../../../common/schemas/mass-messages.ts';
import { messageMessages, messagePriceCents } from '../../../common/schemas/messages.ts';
import { notFound, validationFailed } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, keysetPage } from '../../lib/cursor.ts';
import { actorOf, assertCan, assertPresent } from '../../policies/access.ts';
import type { UserRecord } from '../../repositories/auth/users.repository.ts';
import type { CreatorRecord, CreatorsRepository } from '../../repositories/creators/creators.repository.ts';
import type { MediaRecord } from '../../repositories/media/media.repository.ts';
import type {
  FanListsRepository,
  MassMessageRow,
  MassMessagesRepository,
} from '../../repositories/messages/mass-messages.repository.ts';
import type { OwnedMedia } from '../creators/owned-media.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Sender = Pick<UserRecord, 'id' | 'role'>;

/**
 * A creator's message to many fans at once. Sending fixes the recipients and answers at once; a
 * background job (server/jobs/send-mass-message.ts) delivers it in batches, each fan getting it in
 * their own conversation, live.
 */
export function createMassMessagesService(deps: {
  massMessages: MassMessagesRepository;
  fanLists: Pick<FanListsRepository, 'find'>;
  creators: Pick<CreatorsRepository, 'findByUserId'>;
  ownedMedia: Pick<OwnedMedia, 'find'>;
  clock: Clock;
  /** Queues the delivery job (server/jobs/send-mass-message.ts). */
  startDelivery: (massMessageId: string) => Promise<void>;
}) {
  const { massMessages } = deps;

  async function creatorOf(user: Sender): Promise<CreatorRecord> {
    const creator = await deps.creators.findByUserId(user.id);
    assertCan(actorOf(user), 'mass-message:send', { creator });
    assertPresent(creator);
    return creator;
  }

  async function own(user: Sender, id: string): Promise<MassMessageRow> {
    const row = UUID.test(id) ? await massMessages.find(id.toLowerCase()) : null;
    assertCan(actorOf(user), 'mass-message:view', { senderId: row?.massMessage.senderId ?? null });
    if (!row) throw notFound(mm.notFound);
    return row;
  }

  return {
    async audiences(user: Sender): Promise<MassMessageAudienceCounts> {
      const creator = await creatorOf(user);
      return massMessages.audienceCounts(user.id, creator.id, deps.clock.now());
    },

    /** Stores it with its recipients and queues the delivery; an empty audience is refused. */
    async create(user: Sender, input: CreateMassMessageInput): Promise<MassMessageRow> {
      const creator = await creatorOf(user);
      const list =
        input.audience === 'list' && input.listId ? await deps.fanLists.find(user.id, input.listId) : null;
      if (input.audience === 'list' && !list) throw validationFailed({ listId: mm.listNotFound });
      const ids = input.mediaIds ?? [];
      const found = await Promise.all(ids.map((id) => deps.ownedMedia.find(user, id.toLowerCase(), 'post')));
      const media = found.filter((item): item is MediaRecord => item !== null);
      if (media.length !== ids.length) throw validationFailed({ mediaIds: messageMessages.mediaNotFound });
      const created = await massMessages.create({
        senderId: user.id,
        creatorId: creator.id,
        audience: input.audience,
        listId: list?.id ?? null,
        audienceName: list?.name ?? null,
        body: input.text.trim() === '' ? '' : input.text,
        priceCents: media.length > 0 ? messagePriceCents(input.price) : null,
        mediaIds: media.map((item) => item.id),
        now: deps.clock.now(),
      });
      if (!created) throw validationFailed({ audience: mm.nobody });
      await deps.startDelivery(created.id);
      return (
        (await massMessages.find(created.id)) ?? {
          massMessage: created,
          itemCount: media.length,
          viewed: 0,
          purchased: 0,
          earned: 0,
        }
      );
    },

    async list(user: Sender, options: { limit: number; cursor?: string }) {
      await creatorOf(user);
      const before = decodeCursor(options.cursor, ['id'])?.id;
      const rows = await massMessages.list(user.id, {
        limit: options.limit + 1,
        ...(before ? { beforeId: before } : {}),
      });
      return keysetPage(rows, options.limit, (last) => ({ id: last.massMessage.id }));
    },

    get: (user: Sender, id: string) => own(user, id),
  };
}

export type MassMessagesService = ReturnType<typeof createMassMessagesService>;
