import { normalizeHandle } from '../../../common/handles.ts';
import { type ListNameInput, listMessages, listNameSchema } from '../../../common/schemas/engagement.ts';
import { conflict, notFound } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, keysetPage } from '../../lib/cursor.ts';
import { actorOf, assertCan } from '../../policies/access.ts';
import type { Viewer } from '../../policies/actions/creators.ts';
import type { CreatorRecord, CreatorsRepository } from '../../repositories/creators/creators.repository.ts';
import type { ListsRepository, ListWithCount } from '../../repositories/engagement/lists.repository.ts';
import type { PostRow, PostsRepository } from '../../repositories/posts/index.ts';
import type { BlocksRepository } from '../../repositories/safety/blocks.repository.ts';
import { isUniqueViolation } from '../../repositories/unique-violation.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The profile's "Add to list": the viewer's lists, and which of them hold the creator. */
export interface CreatorMembershipFacts {
  lists: ListWithCount[];
  holding: Set<string>;
}

/**
 * A fan's named lists of creators ("Favourites" built in, made on first use) and each list's feed,
 * read as Home is (posts.repository `followedPage`, over the list's creators instead of the follows).
 * Answers lists and creators as rows; their endpoints present them (presenters/engagement/list.ts).
 */
export function createListsService(deps: {
  lists: ListsRepository;
  creators: Pick<CreatorsRepository, 'findById' | 'findByHandle'>;
  blocks: Pick<BlocksRepository, 'between'>;
  posts: Pick<PostsRepository, 'listed'>;
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
    all: (viewer: Viewer): Promise<ListWithCount[]> => ofViewer(viewer),

    async create(viewer: Viewer, input: ListNameInput): Promise<ListWithCount> {
      const { name } = listNameSchema.parse(input);
      await deps.lists.ensureFavourites(viewer.id, deps.clock.now());
      assertCan(actorOf(viewer), 'list:create', { count: await deps.lists.countOf(viewer.id) });
      const list = await named(() => deps.lists.create(viewer.id, name, deps.clock.now()));
      return { ...list, memberCount: 0 };
    },

    async rename(viewer: Viewer, id: string, input: ListNameInput): Promise<ListWithCount> {
      const list = await changeable(viewer, id);
      const { name } = listNameSchema.parse(input);
      await named(() => deps.lists.rename(list.id, name));
      return { ...list, name };
    },

    async delete(viewer: Viewer, id: string): Promise<void> {
      const list = await changeable(viewer, id);
      await deps.lists.delete(list.id);
    },

    /** The creators in the list, most recently added first. */
    async members(viewer: Viewer, id: string): Promise<CreatorRecord[]> {
      const list = await mine(viewer, id);
      const rows = await deps.lists.members(list.id);
      return rows.map((row) => row.creator);
    },

    async add(viewer: Viewer, id: string, creatorId: string): Promise<ListWithCount> {
      const list = await mine(viewer, id);
      const { creator, blocked } = await visibleCreator(viewer, creatorId);
      assertCan(actorOf(viewer), 'list:hold-creator', { creator, blocked, memberCount: list.memberCount });
      await deps.lists.add(list.id, creator.id, deps.clock.now());
      return (await deps.lists.find(list.id)) ?? list;
    },

    /** Removing works whatever became of the creator since, so nothing is stuck in a list. */
    async remove(viewer: Viewer, id: string, creatorId: string): Promise<ListWithCount> {
      const list = await mine(viewer, id);
      if (UUID.test(creatorId)) await deps.lists.remove(list.id, creatorId.toLowerCase());
      return (await deps.lists.find(list.id)) ?? list;
    },

    /** The viewer's lists, each saying whether it holds this creator (the profile's "Add to list"). */
    async membership(viewer: Viewer, handle: string): Promise<CreatorMembershipFacts> {
      const { creator } = await visibleCreator(viewer, handle);
      const lists = await ofViewer(viewer);
      return { lists, holding: await deps.lists.holding(viewer.id, creator.id) };
    },

    /** One page of a list's feed, newest first: rows the endpoint presents. */
    async feed(
      viewer: Viewer,
      id: string,
      options: { limit: number; cursor?: string },
    ): Promise<{ rows: PostRow[]; nextCursor: string | null }> {
      const list = await mine(viewer, id);
      const beforeId = decodeCursor(options.cursor, ['k'])?.k;
      const rows = await deps.posts.listed({
        viewer: { id: viewer.id, now: deps.clock.now() },
        listId: list.id,
        limit: options.limit + 1,
        ...(beforeId && UUID.test(beforeId) ? { beforeId } : {}),
      });
      const page = keysetPage(rows, options.limit, (last) => ({ k: last.post.id }));
      return { rows: page.rows, nextCursor: page.nextCursor };
    },
  };
}

export type ListsService = ReturnType<typeof createListsService>;
