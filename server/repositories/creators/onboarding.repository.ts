import { eq } from 'drizzle-orm';
import type { OnboardingDraft, OnboardingStep } from '../../../common/schemas/creators.ts';
import type { Database } from '../../db/client.ts';
import {
  creatorHandleRedirects,
  creatorOnboardingDrafts,
  creatorProfiles,
  posts,
  users,
} from '../../db/schema/index.ts';
import { rankScore } from '../../lib/rank.ts';
import type { CreatorRecord, NewCreator } from './creators.repository.ts';

export type DraftRecord = typeof creatorOnboardingDrafts.$inferSelect;

export function createOnboardingRepository(db: Database) {
  return {
    async find(userId: string): Promise<DraftRecord | null> {
      const [row] = await db
        .select()
        .from(creatorOnboardingDrafts)
        .where(eq(creatorOnboardingDrafts.userId, userId));
      return row ?? null;
    },

    async save(
      userId: string,
      step: OnboardingStep,
      draft: OnboardingDraft,
      now: Date,
    ): Promise<DraftRecord> {
      const [row] = await db
        .insert(creatorOnboardingDrafts)
        .values({ userId, step, draft, updatedAt: now })
        .onConflictDoUpdate({ target: creatorOnboardingDrafts.userId, set: { step, draft, updatedAt: now } })
        .returning();
      if (!row) throw new Error('draft upsert returned nothing');
      return row;
    },

    /**
     * Creates the creator profile and its first post and drops the draft, all or nothing: a unique
     * violation (the handle, or a second profile for the user) leaves the draft as it was.
     */
    async complete(
      creator: NewCreator,
      firstPost: { mediaId: string; description: string } | null,
      now: Date,
    ): Promise<CreatorRecord> {
      return db.transaction(async (tx) => {
        await tx.delete(creatorHandleRedirects).where(eq(creatorHandleRedirects.handle, creator.handle));
        const [created] = await tx.insert(creatorProfiles).values(creator).returning();
        if (!created) throw new Error('creator insert returned nothing');
        // The onboarding photo is the account's photo from now on (header, menus, messages).
        if (creator.avatarUrl) {
          await tx
            .update(users)
            .set({ profileImage: creator.avatarUrl, updatedAt: now })
            .where(eq(users.id, creator.userId));
        }
        if (firstPost) {
          await tx.insert(posts).values({
            creatorId: created.id,
            mediaId: firstPost.mediaId,
            description: firstPost.description,
            visibility: 'public',
            rankScore: rankScore(now, 0),
            createdAt: now,
            updatedAt: now,
          });
        }
        await tx.delete(creatorOnboardingDrafts).where(eq(creatorOnboardingDrafts.userId, creator.userId));
        return created;
      });
    },
  };
}

export type OnboardingRepository = ReturnType<typeof createOnboardingRepository>;
