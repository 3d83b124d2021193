/**
 * Discover's order: recency blended with engagement, as in a "hot" ranking. Every tenfold of likes
 * is worth 12.5 hours of freshness, so a liked post stays up a while and a new one still rises.
 */
export const RANK_SECONDS_PER_LIKE_DECADE = 45_000;

export function rankScore(createdAt: Date, likes: number): number {
  return createdAt.getTime() / 1000 / RANK_SECONDS_PER_LIKE_DECADE + Math.log10(1 + Math.max(0, likes));
}

/** Followed creators' posts are lifted by this much (one day of freshness) for their followers. */
export const FOLLOWED_BOOST = 86_400 / RANK_SECONDS_PER_LIKE_DECADE;
