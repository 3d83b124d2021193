import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { creatorProfiles, users } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../unique-violation.ts';

export type UserRecord = typeof users.$inferSelect;
export type Role = UserRecord['role'];

export interface NewUser {
  email: string;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  isEmailVerified: boolean;
  now: Date;
}

export type ProfileChanges = Partial<Pick<UserRecord, 'firstName' | 'lastName' | 'profileImage'>>;

export function createUsersRepository(db: Database) {
  async function update(
    id: string,
    changes: Partial<Omit<UserRecord, 'id' | 'createdAt'>>,
  ): Promise<UserRecord | null> {
    const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
    return row ?? null;
  }

  return {
    /** True once any account exists (demo data is only ever seeded into an empty database). */
    async hasAny(): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).limit(1);
      return row !== undefined;
    },

    async findById(id: string): Promise<UserRecord | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row ?? null;
    },

    /** Case-insensitive, matching the unique index on lower(email). */
    async findByEmail(email: string): Promise<UserRecord | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
      return row ?? null;
    },

    /** Null when the email is already taken. */
    async create(user: NewUser): Promise<UserRecord | null> {
      try {
        const [row] = await db
          .insert(users)
          .values({
            email: user.email,
            passwordHash: user.passwordHash,
            firstName: user.firstName,
            lastName: user.lastName,
            isEmailVerified: user.isEmailVerified,
            createdAt: user.now,
            updatedAt: user.now,
          })
          .returning();
        return row ?? null;
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    markEmailVerified: (id: string, now: Date) => update(id, { isEmailVerified: true, updatedAt: now }),

    setRole: (id: string, role: Role, now: Date) => update(id, { role, updatedAt: now }),

    setPasswordHash: (id: string, passwordHash: string | null, now: Date) =>
      update(id, { passwordHash, updatedAt: now }),

    /**
     * Names and picture. The account has one photo: a new or removed picture is the creator page's
     * avatar too, in the same transaction.
     */
    async updateProfile(id: string, changes: ProfileChanges, now: Date): Promise<UserRecord | null> {
      if (changes.profileImage === undefined) return update(id, { ...changes, updatedAt: now });
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ ...changes, updatedAt: now })
          .where(eq(users.id, id))
          .returning();
        await tx
          .update(creatorProfiles)
          .set({ avatarUrl: changes.profileImage, updatedAt: now })
          .where(eq(creatorProfiles.userId, id));
        return row ?? null;
      });
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
