import type { CreatorProfile, OnboardingDraft, OnboardingState } from '#common/schemas/creators.ts';
import type { MediaView } from '#common/schemas/media.ts';
import type { SessionUser } from '../../../lib/session.ts';

let sequence = 0;
const nextId = () => `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`;

export function buildUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: nextId(),
    email: `user${sequence}@example.com`,
    firstName: 'Test',
    lastName: 'User',
    profileImage: null,
    isEmailVerified: true,
    role: 'user',
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function buildMedia(overrides: Partial<MediaView> = {}): MediaView {
  const id = overrides.id ?? nextId();
  return {
    id,
    kind: 'image',
    purpose: 'profile',
    status: 'ready',
    failureReason: null,
    width: 640,
    height: 640,
    duration: null,
    thumbhash: null,
    placeholder: null,
    locked: false,
    url: `/media/${id}.webp`,
    urls: { preview: null, sources: [], poster: null, video: null, hls: null, document: null },
    urlsExpireAt: null,
    ...overrides,
  };
}

/** A draft with every required field filled, as a user who reached the post step has it. */
export function buildCompleteDraft(overrides: Partial<OnboardingDraft> = {}): OnboardingDraft {
  return {
    country: 'Germany',
    identity: 'Female',
    profilePhotoId: nextId(),
    displayName: 'Test Creator',
    handle: `creator${sequence}`,
    documentId: nextId(),
    documentName: 'passport.pdf',
    bannerId: nextId(),
    bio: 'Photos from the mountains.',
    monthlyPrice: '9.99',
    ...overrides,
  };
}

export function buildState(overrides: Partial<OnboardingState> = {}): OnboardingState {
  return {
    step: 'journey',
    draft: {},
    media: { profilePhoto: null, document: null, banner: null, post: null },
    creator: null,
    ...overrides,
  };
}

export function buildCreator(overrides: Partial<CreatorProfile> = {}): CreatorProfile {
  return {
    id: nextId(),
    userId: nextId(),
    handle: `creator${sequence}`,
    displayName: 'Test Creator',
    avatarUrl: null,
    bannerUrl: null,
    bio: 'Photos from the mountains.',
    status: 'pending_review',
    rejectionReason: null,
    price: { monthly: { amount: 999, currency: 'USD' }, sixMonths: { amount: 4795, currency: 'USD' } },
    counts: { photos: 0, videos: 0, posts: 0, likes: 0, followers: 0 },
    viewer: { isOwner: true, isFollowing: false },
    canEdit: true,
    canMessage: false,
    canFollow: false,
    canSubscribe: false,
    canTip: false,
    canReport: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
