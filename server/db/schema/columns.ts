/**
 * The columns most tables share, written once: the id (a UUIDv7 made by the app, so ids sort by
 * creation time), the creation and change times, moments and amounts of money. A reference to an account is `userRef` in
 * users.ts (beside the table it points at).
 */
import { bigint, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../lib/ids.ts';

/** The table's id: a UUIDv7 made by the app. */
export const primaryId = () =>
  uuid('id')
    .primaryKey()
    .$defaultFn(() => uuidv7());

/** A moment, with its time zone (every time the app stores is one). */
export const at = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was made. */
export const createdAt = () => at('created_at').notNull().defaultNow();

/** When the row last changed (set by the repository that changes it). */
export const updatedAt = () => at('updated_at').notNull().defaultNow();

/** An amount of money in cents (a bigint column read as a JavaScript number). */
export const money = (name: string) => bigint(name, { mode: 'number' });
