import type { EarningsOverview } from '../../../common/schemas/earnings.ts';
import type { EarningsOverviewResult } from '../../services/billing/fan-payments/earnings.service.ts';

/** The creator's earnings overview: buckets and totals per kind, the top posts and messages. */
export function presentEarnings(overview: EarningsOverviewResult): EarningsOverview {
  return {
    period: overview.period,
    from: overview.from,
    to: overview.to,
    currency: overview.currency,
    buckets: overview.buckets.map((bucket) => ({
      start: bucket.start,
      subscriptions: bucket.subscriptions,
      renewals: bucket.renewals,
      tips: bucket.tips,
      posts: bucket.posts,
      messages: bucket.messages,
      total: bucket.total,
    })),
    totals: { ...overview.totals },
    topPosts: overview.topPosts.map((post) => ({
      id: post.id,
      excerpt: post.excerpt ?? '',
      earned: post.earned,
      sales: post.sales,
    })),
    topMessages: overview.topMessages.map((message) => ({
      id: message.id,
      conversationId: message.conversationId,
      excerpt: message.excerpt ?? '',
      earned: message.earned,
      sales: message.sales,
    })),
  };
}
