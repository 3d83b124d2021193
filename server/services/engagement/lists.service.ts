import { normalizeHandle } from '../../../common/handles.ts';
import {
  type CreatorList,
  type CreatorLists,
  type CreatorMembership,
  type ListNameInput,
  listMessages,
  listNameSchema,
} from '../../../common/schemas/engagement.ts';
import type { PostList } from '../../../common/schemas/posts.ts';
import { conflict, notFound } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { actorOf, assertCan } from '../../policies/access.ts';
import type { Viewer } from '../../policies/actions/creators.ts';
import { presentCreatorSummary } from '../../presenters/creator.ts';
import { presentCreatorList, presentCreatorMembership } from '../../presenters/list.ts';
import type { BlocksRepository } from '../../repositories/blocks.repository.ts';
import type { CreatorsRepository } from '../../repositories/creators.repository.ts';
import type { ListsRepository, ListWithCount } from '../../repositories/lists.repository.ts';
import type { PostsRepository } from '../../repositories/posts.repository.ts';
import { isUniqueViolation } from '../../repositories/unique-violation.ts';
import type { PresentPosts } from '../posts/post-views.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A fan's named lists of creators ("Favourites" built in, made on first use) and each list's feed,
 * read as Home is (posts.repository `followedPage`, over the list's creators instead of the follows).
 */
export function createListsService(deps: {
  lists: ListsRepository;
  creators: Pick<CreatorsRepository, 'findById' | 'findByHandle'>;
  blocks: Pick<BlocksRepository, 'between'>;
  posts: Pick<PostsRepository, 'listed'>;
  present: PresentPosts;
  clock: Clock;
}) {
  async function mine(viewer: Viewer, id: string): Promise<ListWithCount> {
    const list = UUID.test(id) ? await deps.lists.find(id.toLowerCase()) : null;
    if (!list) throw notFound(listMessages.notFound);
    assertCan(actorOf(viewer), 'list:use', list);
    return list;
  }

  async function changeable(viewer: Viewer, id: string): Promise<ListWithCount> {
    const list = await mine(viewer, id);
    assertCan(actorOf(viewer), 'list:change', list);
    return list;
  }

  /** A creator the viewer may see (approved, no block either way). */
  async function visibleCreator(viewer: Viewer, idOrHandle: string) {
    const creator = UUID.test(idOrHandle)
      ? await deps.creators.findById(idOrHandle.toLowerCase())
      : await deps.creators.findByHandle(normalizeHandle(idOrHandle));
    const blocked =
      creator && creator.userId !== viewer.id ? await deps.blocks.between(viewer.id, creator.userId) : false;
    if (!creator) throw notFound(listMessages.creatorNotFound);
    assertCan(actorOf(viewer), 'list:hold-creator', { creator, blocked });
    return { creator, blocked };
  }

  async function ofViewer(viewer: Viewer): Promise<ListWithCount[]> {
    await deps.lists.ensureFavourites(viewer.id, deps.clock.now());
    return deps.lists.ofOwner(viewer.id);
  }

  /** Names are unique per user whatever their case (the database says so: creator_lists_owner_name_key). */
  async function named<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(listMessages.nameTaken, { name: listMessages.nameTaken });
      throw error;
    }
  }

  return {
    async all(viewer: Viewer): Promise<CreatorLists> {
      return { items: (await ofViewer(viewer)).map(presentCreatorList) };
    },

    async create(viewer: Viewer, input: ListNameInput): Promise<CreatorList> {
      const { name } = listNameSchema.parse(input);
      await deps.lists.ensureFavourites(viewer.id, deps.clock.now());
      assertCan(actorOf(viewer), 'list:create', { count: await deps.lists.countOf(viewer.id) });
      const list = await named(() => deps.lists.create(viewer.id, name, deps.clock.now()));
      return presentCreatorList({ ...list, memberCount: 0 });
    },

    async rename(viewer: Viewer, id: string, input: ListNameInput): Promise<CreatorList> {
      const list = await changeable(viewer, id);
      const { name } = listNameSchema.parse(input);
      await named(() => deps.lists.rename(list.id, name));
      return presentCreatorList({ ...list, name });
    },

    async delete(viewer: Viewer, id: string): Promise<void> {
      const list = await changeable(viewer, id);
      await deps.lists.delete(list.id);
    },

    async members(viewer: Viewer, id: string) {
      const list = await mine(viewer, id);
      const rows = await deps.lists.members(list.id);
      return { items: rows.map((row) => presentCreatorSummary(row.creator)) };
    },

    async add(viewer: Viewer, id: string, creatorId: string): Promise<CreatorList> {
      const list = await mine(viewer, id);
      const { creator, blocked } = await visibleCreator(viewer, creatorId);
      assertCan(actorOf(viewer), 'list:hold-creator', { creator, blocked, memberCount: list.memberCount });
      await deps.lists.add(list.id, creator.id, deps.clock.now());
      return presentCreatorList((await deps.lists.find(list.id)) ?? list);
    },

    /** Removing works whatever became of the creator since, so nothing is stuck in a list. */
    async remove(viewer: Viewer, id: string, creatorId: string): Promise<CreatorList> {
      const list = await mine(viewer, id);
      if (UUID.test(creatorId)) await deps.lists.remove(list.id, creatorId.toLowerCase());
      return presentCreatorList((await deps.lists.find(list.id)) ?? list);
    },

    /** The viewer's lists, each saying whether it holds this creator (the profile's "Add to list"). */
    async membership(viewer: Viewer, handle: string): Promise<CreatorMembership> {
      const { creator } = await visibleCreator(viewer, handle);
      const lists = await ofViewer(viewer);
      return presentCreatorMembership(lists, await deps.lists.holding(viewer.id, creator.id));
    },

    async feed(viewer: Viewer, id: string, options: { limit: number; cursor?: string }): Promise<PostList> {
      const list = await mine(viewer, id);
      const beforeId = decodeCursor(options.cursor, ['k'])?.k;
      const rows = await deps.posts.listed({
        viewer: { id: viewer.id, now: deps.clock.now() },
        listId: list.id,
        limit: options.limit + 1,
        ...(beforeId && UUID.test(beforeId) ? { beforeId } : {}),
      });
      const page = rows.slice(0, options.limit);
      const last = page.at(-1);
      return {
        items: await deps.present(viewer, page),
        nextCursor: rows.length > options.limit && last ? encodeCursor({ k: last.post.id }) : null,
      };
    },
  };
}

export type ListsService = ReturnType<typeof createListsService>;
