import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId } from './columns.ts';
import { media } from './media.ts';
import { userRef } from './users.ts';

/** A creator's folder in their vault (the library of everything they uploaded for posts). */
export const vaultFolders = pgTable(
  'vault_folders',
  {
    id: primaryId(),
    ownerId: userRef('owner_id', 'cascade').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('vault_folders_owner_name_key').on(table.ownerId, sql`lower(${table.name})`)],
);

/** Which folder a vault item is in (no row: not in a folder). Deleting a folder unfiles its items. */
export const vaultPlacements = pgTable(
  'vault_placements',
  {
    mediaId: uuid('media_id')
      .primaryKey()
      .references(() => media.id, { onDelete: 'cascade' }),
    folderId: uuid('folder_id')
      .notNull()
      .references(() => vaultFolders.id, { onDelete: 'cascade' }),
  },
  (table) => [index('vault_placements_folder_idx').on(table.folderId)],
);
