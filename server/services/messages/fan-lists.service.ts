import { fanListLimits, massMessageMessages as mm } from '../../../common/schemas/mass-messages.ts';
import { conflict, notFound } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { actorOf, assertCan, assertPresent } from '../../policies/access.ts';
import type { UserRecord } from '../../repositories/auth/users.repository.ts';
import type { CreatorRecord, CreatorsRepository } from '../../repositories/creators/creators.repository.ts';
import type { FanListsRepository } from '../../repositories/messages/mass-messages.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Owner = Pick<UserRecord, 'id' | 'role'>;

/** A creator's own named lists of fans: made on the subscribers screen, used as mass message audiences. */
export function createFanListsService(deps: {
  fanLists: FanListsRepository;
  creators: Pick<CreatorsRepository, 'findByUserId'>;
  clock: Clock;
}) {
  const { fanLists } = deps;

  async function creatorOf(user: Owner): Promise<CreatorRecord> {
    const creator = await deps.creators.findByUserId(user.id);
    assertCan(actorOf(user), 'mass-message:send', { creator });
    assertPresent(creator);
    return creator;
  }

  async function own(user: Owner, id: string) {
    const list = UUID.test(id) ? await fanLists.find(user.id, id.toLowerCase()) : null;
    assertCan(actorOf(user), 'fan-list:use', { owned: list !== null });
    if (!list) throw notFound(mm.listNotFound);
    return list;
  }

  return {
    async list(user: Owner, fanId?: string) {
      await creatorOf(user);
      return fanLists.list(user.id, fanId && UUID.test(fanId) ? fanId.toLowerCase() : undefined);
    },

    async create(user: Owner, name: string) {
      await creatorOf(user);
      if ((await fanLists.countOf(user.id)) >= fanListLimits.listsMax) throw conflict(mm.tooManyLists);
      const created = await fanLists.create(user.id, name.trim(), deps.clock.now());
      if (!created) throw conflict(mm.listNameTaken, { name: mm.listNameTaken });
      return { ...created, count: 0 };
    },

    async remove(user: Owner, id: string): Promise<void> {
      await creatorOf(user);
      const list = await own(user, id);
      await fanLists.remove(user.id, list.id);
    },

    /** Only the creator's own fans (a subscriber now or before, or a follower) go on a list. */
    async add(user: Owner, id: string, fanId: string): Promise<void> {
      const creator = await creatorOf(user);
      const list = await own(user, id);
      const isFan = UUID.test(fanId) && (await fanLists.isFanOf(fanId.toLowerCase(), creator.id));
      assertCan(actorOf(user), 'fan-list:add', { isFan });
      await fanLists.addMember(list.id, fanId.toLowerCase(), deps.clock.now());
    },

    async removeFan(user: Owner, id: string, fanId: string): Promise<void> {
      await creatorOf(user);
      const list = await own(user, id);
      if (UUID.test(fanId)) await fanLists.removeMember(list.id, fanId.toLowerCase());
    },
  };
}

export type FanListsService = ReturnType<typeof createFanListsService>;
