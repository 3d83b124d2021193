import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { knownBrowsers } from '../../db/schema/index.ts';

export function createKnownBrowsersRepository(db: Database) {
  return {
    /**
     * Remembers a browser for an account. `isNew`: not seen before; `firstEver`: the account had no
     * browser on record (its first sign-in, or one from before browsers were remembered).
     */
    async remember(
      userId: string,
      browser: string,
      now: Date,
    ): Promise<{ isNew: boolean; firstEver: boolean }> {
      const [before] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(knownBrowsers)
        .where(eq(knownBrowsers.userId, userId));
      const inserted = await db
        .insert(knownBrowsers)
        .values({ userId, browser, firstSeenAt: now })
        .onConflictDoNothing()
        .returning({ browser: knownBrowsers.browser });
      return { isNew: inserted.length > 0, firstEver: Number(before?.count ?? 0) === 0 };
    },
  };
}

export type KnownBrowsersRepository = ReturnType<typeof createKnownBrowsersRepository>;
