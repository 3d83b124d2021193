import type { CreatorProfile } from '#common/schemas/creators.ts';

/**
 * A creator page as the server would answer it; tests override only what they are about. The
 * viewer's abilities follow `viewer.isOwner` as the server's policy sets them, unless overridden.
 */
export function buildProfile(overrides: Partial<CreatorProfile> = {}): CreatorProfile {
  const isOwner = overrides.viewer?.isOwner ?? false;
  // An approved page takes follows, subscriptions and tips from anyone but its owner.
  const open = !isOwner && (overrides.status ?? 'approved') === 'approved';
  return {
    id: 'c-1',
    userId: 'u-9',
    handle: 'lena',
    displayName: 'Lena Park',
    avatarUrl: null,
    bannerUrl: null,
    bio: 'Film photographer in Seoul.',
    status: 'approved',
    rejectionReason: null,
    price: { monthly: { amount: 999, currency: 'USD' }, sixMonths: { amount: 4795, currency: 'USD' } },
    counts: { photos: 0, videos: 0, posts: 0, likes: 120, followers: 10 },
    viewer: { isOwner: false, isFollowing: false },
    canEdit: isOwner,
    canMessage: !isOwner,
    canFollow: open,
    canSubscribe: open,
    canTip: open,
    canReport: !isOwner,
    createdAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}
