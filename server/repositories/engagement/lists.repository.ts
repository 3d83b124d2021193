import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { creatorListMembers, creatorLists, creatorProfiles } from '../../db/schema/index.ts';

export type ListRecord = typeof creatorLists.$inferSelect;
export type ListWithCount = ListRecord & { memberCount: number };

export const FAVOURITES = 'Favourites';

export function createListsRepository(db: Database) {
  const withCounts = () =>
    db
      .select({
        list: creatorLists,
        memberCount: sql<number>`(select count(*)::int from ${creatorListMembers} m where m.list_id = ${creatorLists.id})`,
      })
      .from(creatorLists);
  const flat = (row: { list: ListRecord; memberCount: number }): ListWithCount => ({
    ...row.list,
    memberCount: Number(row.memberCount),
  });

  return {
    /** Makes the built-in "Favourites" once per user (a second call finds it). */
    async ensureFavourites(ownerId: string, now: Date): Promise<void> {
      await db
        .insert(creatorLists)
        .values({ ownerId, name: FAVOURITES, builtIn: true, createdAt: now })
        .onConflictDoNothing();
    },

    /** Favourites first, then the user's own lists in the order they were made. */
    async ofOwner(ownerId: string): Promise<ListWithCount[]> {
      const rows = await withCounts()
        .where(eq(creatorLists.ownerId, ownerId))
        .orderBy(desc(creatorLists.builtIn), asc(creatorLists.id));
      return rows.map(flat);
    },

    async find(id: string): Promise<ListWithCount | null> {
      const [row] = await withCounts().where(eq(creatorLists.id, id));
      return row ? flat(row) : null;
    },

    async countOf(ownerId: string): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(creatorLists)
        .where(eq(creatorLists.ownerId, ownerId));
      return row?.value ?? 0;
    },

    async create(ownerId: string, name: string, now: Date): Promise<ListRecord> {
      const [row] = await db.insert(creatorLists).values({ ownerId, name, createdAt: now }).returning();
      if (!row) throw new Error('list insert returned nothing');
      return row;
    },

    async rename(id: string, name: string): Promise<void> {
      await db.update(creatorLists).set({ name }).where(eq(creatorLists.id, id));
    },

    async delete(id: string): Promise<void> {
      await db.delete(creatorLists).where(eq(creatorLists.id, id));
    },

    async add(listId: string, creatorId: string, now: Date): Promise<void> {
      await db.insert(creatorListMembers).values({ listId, creatorId, createdAt: now }).onConflictDoNothing();
    },

    async remove(listId: string, creatorId: string): Promise<void> {
      await db
        .delete(creatorListMembers)
        .where(and(eq(creatorListMembers.listId, listId), eq(creatorListMembers.creatorId, creatorId)));
    },

    /** The ids of the owner's lists that hold this creator. */
    async holding(ownerId: string, creatorId: string): Promise<Set<string>> {
      const rows = await db
        .select({ id: creatorListMembers.listId })
        .from(creatorListMembers)
        .innerJoin(creatorLists, eq(creatorLists.id, creatorListMembers.listId))
        .where(and(eq(creatorLists.ownerId, ownerId), eq(creatorListMembers.creatorId, creatorId)));
      return new Set(rows.map((row) => row.id));
    },

    /** The creators in a list, most recently added first (approved ones only: others are not shown). */
    async members(listId: string) {
      return db
        .select({ creator: creatorProfiles })
        .from(creatorListMembers)
        .innerJoin(creatorProfiles, eq(creatorProfiles.id, creatorListMembers.creatorId))
        .where(and(eq(creatorListMembers.listId, listId), eq(creatorProfiles.status, 'approved')))
        .orderBy(desc(creatorListMembers.createdAt));
    },
  };
}

export type ListsRepository = ReturnType<typeof createListsRepository>;
