import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { CreateOfferInput } from '../../../../common/schemas/offers.ts';
import type { Database } from '../../../db/client.ts';
import { creatorOffers, creatorSubscriptions, offerClaims } from '../../../db/schema/index.ts';
import { rowsOf } from '../../rows.ts';

export type OfferRecord = typeof creatorOffers.$inferSelect;

/** An offer with how many fans claimed it and how many went on to pay a regular period. */
export interface OfferRow {
  offer: OfferRecord;
  claims: number;
  conversions: number;
}

/** Creators' free trials and promotions, and fans' claims of them. */
export function createOffersRepository(db: Database) {
  return {
    async create(creatorId: string, code: string, input: CreateOfferInput, now: Date): Promise<OfferRecord> {
      const [row] = await db
        .insert(creatorOffers)
        .values({
          creatorId,
          code,
          kind: input.kind,
          trialDays: input.kind === 'trial' ? (input.trialDays ?? null) : null,
          discountPercent: input.kind === 'promotion' ? (input.discountPercent ?? null) : null,
          audience: input.kind === 'promotion' ? (input.audience ?? null) : null,
          maxClaims: input.maxClaims ?? null,
          endsAt: input.endsAt ? new Date(input.endsAt) : null,
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error('offer not stored');
      return row;
    },

    async findByCode(code: string): Promise<OfferRecord | null> {
      const [row] = await db.select().from(creatorOffers).where(eq(creatorOffers.code, code));
      return row ?? null;
    },

    async findById(id: string): Promise<OfferRecord | null> {
      const [row] = await db.select().from(creatorOffers).where(eq(creatorOffers.id, id));
      return row ?? null;
    },

    /** Serializes claims of one offer (its claim count is checked under this lock). */
    async lock(id: string): Promise<OfferRecord | null> {
      const [row] = await db.select().from(creatorOffers).where(eq(creatorOffers.id, id)).for('update');
      return row ?? null;
    },

    async stop(creatorId: string, id: string, now: Date): Promise<OfferRecord | null> {
      const [row] = await db
        .update(creatorOffers)
        .set({ stoppedAt: now })
        .where(and(eq(creatorOffers.id, id), eq(creatorOffers.creatorId, creatorId)))
        .returning();
      return row ?? null;
    },

    async claimCount(offerId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(offerClaims)
        .where(eq(offerClaims.offerId, offerId));
      return Number(row?.count ?? 0);
    },

    async hasClaimed(offerId: string, fanId: string): Promise<boolean> {
      const [row] = await db
        .select({ fanId: offerClaims.fanId })
        .from(offerClaims)
        .where(and(eq(offerClaims.offerId, offerId), eq(offerClaims.fanId, fanId)));
      return row !== undefined;
    },

    /** False when the fan had already claimed it. */
    async addClaim(claim: {
      offerId: string;
      fanId: string;
      subscriptionId: string;
      paymentId: string | null;
      periodEnd: Date;
      now: Date;
    }): Promise<boolean> {
      const rows = await db
        .insert(offerClaims)
        .values({
          offerId: claim.offerId,
          fanId: claim.fanId,
          subscriptionId: claim.subscriptionId,
          paymentId: claim.paymentId,
          periodEnd: claim.periodEnd,
          claimedAt: claim.now,
        })
        .onConflictDoNothing()
        .returning({ fanId: offerClaims.fanId });
      return rows.length > 0;
    },

    /** A reusable card the fan saved with this provider on an earlier subscription, if any. */
    async savedCard(fanId: string, provider: string): Promise<string | null> {
      const [row] = await db
        .select({ code: creatorSubscriptions.authorizationCode })
        .from(creatorSubscriptions)
        .where(
          and(
            eq(creatorSubscriptions.fanId, fanId),
            eq(creatorSubscriptions.provider, provider as 'sandbox' | 'paystack'),
            isNotNull(creatorSubscriptions.authorizationCode),
            sql`${creatorSubscriptions.authorizationCode} <> ''`,
          ),
        )
        .orderBy(desc(creatorSubscriptions.updatedAt))
        .limit(1);
      return row?.code ?? null;
    },

    /** The creator's offers, newest first, with claims and conversions (a renewal paid after the offer's period). */
    async listForCreator(creatorId: string): Promise<OfferRow[]> {
      const result = await db.execute(sql`
        select o.id,
          (select count(*)::int from offer_claims c where c.offer_id = o.id) as claims,
          (select count(*)::int from offer_claims c where c.offer_id = o.id and exists (
             select 1 from fan_payments fp
             where fp.subscription_id = c.subscription_id and fp.purpose = 'subscription_renewal'
               and fp.status = 'succeeded' and fp.period_start >= c.period_end)) as conversions
        from creator_offers o where o.creator_id = ${creatorId}`);
      const counts = new Map(
        rowsOf<{ id: string; claims: number; conversions: number }>(result).map((row) => [row.id, row]),
      );
      const offers = await db
        .select()
        .from(creatorOffers)
        .where(eq(creatorOffers.creatorId, creatorId))
        .orderBy(desc(creatorOffers.id));
      return offers.map((offer) => ({
        offer,
        claims: Number(counts.get(offer.id)?.claims ?? 0),
        conversions: Number(counts.get(offer.id)?.conversions ?? 0),
      }));
    },
  };
}

export type OffersRepository = ReturnType<typeof createOffersRepository>;
