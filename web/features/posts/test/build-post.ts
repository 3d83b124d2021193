import type { MediaView } from '#common/schemas/media.ts';
import type { PostList, PostView } from '#common/schemas/posts.ts';

/** A ready, unlocked image as the server presents it; tests override only what they are about. */
export function buildMedia(overrides: Partial<MediaView> = {}): MediaView {
  return {
    id: 'm-1',
    kind: 'image',
    purpose: 'post',
    status: 'ready',
    failureReason: null,
    width: 1280,
    height: 960,
    duration: null,
    thumbhash: null,
    placeholder: null,
    locked: false,
    url: '/media/m-1/w1280.webp',
    urls: {
      preview: '/media/m-1/preview.webp',
      sources: [
        { width: 320, height: 240, type: 'image/webp', url: '/media/m-1/w320.webp' },
        { width: 640, height: 480, type: 'image/jpeg', url: '/media/m-1/fallback.jpg' },
        { width: 640, height: 480, type: 'image/webp', url: '/media/m-1/w640.webp' },
        { width: 1280, height: 960, type: 'image/webp', url: '/media/m-1/w1280.webp' },
      ],
      poster: null,
      video: null,
      hls: null,
      document: null,
    },
    urlsExpireAt: null,
    ...overrides,
  };
}

/** The viewer's abilities follow `isOwner` as the server's policy sets them, unless overridden. */
export function buildPost(overrides: Partial<PostView> = {}): PostView {
  const isOwner = overrides.isOwner ?? false;
  return {
    id: 'p-1',
    creator: { id: 'c-1', handle: 'lena', displayName: 'Lena Park', avatarUrl: null },
    description: 'Morning light in Seoul.',
    media: buildMedia(),
    items: [],
    poll: null,
    itemCounts: { photos: 1, videos: 0 },
    youtubeId: null,
    textOnly: false,
    visibility: 'public',
    price: null,
    locked: false,
    likes: 4,
    liked: false,
    commentCount: 0,
    bookmarked: false,
    isOwner: false,
    canEdit: isOwner,
    canDelete: isOwner,
    canReport: !isOwner,
    canPin: isOwner,
    status: 'published',
    publishAt: null,
    expiresAt: null,
    pinned: false,
    createdAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
    ...overrides,
  };
}

export function postPage(items: PostView[], nextCursor: string | null = null): PostList {
  return { items, nextCursor };
}
