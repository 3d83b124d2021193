import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { oauthAccounts, oauthStates } from '../../db/schema/index.ts';

export type OAuthStateRecord = typeof oauthStates.$inferSelect;
export type OAuthAccountRecord = typeof oauthAccounts.$inferSelect;

export function createOAuthRepository(db: Database) {
  return {
    /** Also clears states nobody came back for. */
    async saveState(state: OAuthStateRecord): Promise<void> {
      await db.delete(oauthStates).where(lt(oauthStates.expiresAt, state.createdAt));
      await db.insert(oauthStates).values(state);
    },

    /** Single use: deleted as it is read; null when unknown or expired. */
    async consumeState(stateHash: string, now: Date): Promise<OAuthStateRecord | null> {
      const [row] = await db
        .delete(oauthStates)
        .where(and(eq(oauthStates.stateHash, stateHash), gt(oauthStates.expiresAt, now)))
        .returning();
      return row ?? null;
    },

    async findAccount(provider: string, subject: string): Promise<OAuthAccountRecord | null> {
      const [row] = await db
        .select()
        .from(oauthAccounts)
        .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.subject, subject)));
      return row ?? null;
    },

    async linkAccount(account: OAuthAccountRecord): Promise<void> {
      await db.insert(oauthAccounts).values(account).onConflictDoNothing();
    },
  };
}

export type OAuthRepository = ReturnType<typeof createOAuthRepository>;
