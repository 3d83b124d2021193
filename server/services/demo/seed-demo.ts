import type { UsersRepository } from '../../repositories/auth/users.repository.ts';
import type { CreatorsRepository } from '../../repositories/creators/creators.repository.ts';
import { avatarImage, bannerImage, placeholderDocument, postImage } from './artwork.ts';
import { type DemoCreator, demoCreators } from './catalog.ts';
import {
  closeDemoAccounts,
  type DemoAccount,
  type DemoAccountDeps,
  openDemoAccounts,
} from './demo-accounts.ts';
import { type DemoApi, demoApiFor, type Inject } from './demo-api.ts';

export interface DemoSeedResult {
  creators: number;
  posts: number;
  videos: number;
  follows: number;
  likes: number;
}

export interface DemoSeederDeps extends DemoAccountDeps {
  users: Pick<UsersRepository, 'hasAny' | 'create'>;
  creators: Pick<CreatorsRepository, 'setReview'>;
  /** The app's own routes: demo media goes through the same uploads and processing as anyone's. */
  inject: Inject;
  /** The one demo clip, or null without ffmpeg. */
  makeVideo: () => Promise<Buffer | null>;
  catalog?: readonly DemoCreator[];
}

interface Seeded {
  account: DemoAccount;
  api: DemoApi;
  postIds: string[];
}

/** Onboards the account as a creator with generated pictures; the seed approves it (no admin). */
async function onboard(deps: DemoSeederDeps, account: DemoAccount, api: DemoApi): Promise<void> {
  const { profile } = account;
  const avatar = await api.uploadImage('profile', await avatarImage(profile), 'image/jpeg');
  const banner = await api.uploadImage('banner', await bannerImage(profile), 'image/jpeg');
  const document = await api.uploadImage(
    'identity-document',
    await placeholderDocument(profile),
    'image/png',
  );
  await api.saveOnboarding({
    country: profile.country,
    identity: profile.identity,
    profilePhotoId: avatar.id,
    displayName: `${profile.firstName} ${profile.lastName}`,
    handle: profile.handle,
    documentId: document.id,
    documentName: 'demo-account.png',
    bannerId: banner.id,
    bio: profile.bio,
    monthlyPrice: profile.monthlyPrice,
  });
  const { creator } = await api.completeOnboarding();
  if (!creator) throw new Error(`demo creator @${profile.handle} was not created`);
  await deps.creators.setReview(creator.id, {
    status: 'approved',
    reason: null,
    reviewerId: null,
    now: deps.clock.now(),
  });
}

/**
 * The creator's posts, each with its own upload (the clip for the video post when there is one),
 * or none for a text post.
 */
async function publish(
  account: DemoAccount,
  api: DemoApi,
  video: Buffer | null,
  result: DemoSeedResult,
  signal?: AbortSignal,
): Promise<string[]> {
  const postIds: string[] = [];
  for (const [index, post] of account.profile.posts.entries()) {
    signal?.throwIfAborted();
    const asVideo = post.video === true && video !== null && post.text !== true;
    const media = post.text
      ? null
      : asVideo
        ? await api.uploadPostMedia(video, 'video/mp4')
        : await api.uploadPostMedia(await postImage(account.profile, index), 'image/jpeg');
    const created = await api.createPost({
      description: post.description,
      visibility: post.visibility,
      ...(media ? { mediaId: media.id } : {}),
      ...(post.price ? { price: post.price } : {}),
    });
    postIds.push(created.id);
    result.posts += 1;
    if (asVideo) result.videos += 1;
  }
  return postIds;
}

/** Each creator follows the next two; each post gets the likes the catalog gives it. */
async function connect(seeded: Seeded[], result: DemoSeedResult, signal?: AbortSignal): Promise<void> {
  for (const [index, { api }] of seeded.entries()) {
    for (const step of [1, 2]) {
      const followed = seeded[(index + step) % seeded.length];
      if (!followed || followed === seeded[index]) continue;
      signal?.throwIfAborted();
      await api.follow(followed.account.profile.handle);
      result.follows += 1;
    }
  }
  for (const [creatorIndex, { account, postIds }] of seeded.entries()) {
    const others = seeded.filter((_, index) => index !== creatorIndex);
    for (const [postIndex, postId] of postIds.entries()) {
      for (const liker of others.slice(0, account.profile.posts[postIndex]?.likes ?? 0)) {
        signal?.throwIfAborted();
        await liker.api.like(postId);
        result.likes += 1;
      }
    }
  }
}

/**
 * Demo creators, posts, follows and likes for a database without any account (SEED_DEMO). Posts
 * are published while their media is still processing; Discover shows each once it is ready.
 */
export function createDemoSeeder(deps: DemoSeederDeps) {
  const catalog = deps.catalog ?? demoCreators;

  async function seed(accounts: DemoAccount[], signal?: AbortSignal): Promise<DemoSeedResult> {
    const result: DemoSeedResult = { creators: 0, posts: 0, videos: 0, follows: 0, likes: 0 };
    const wantsVideo = catalog.some((profile) => profile.posts.some((post) => post.video));
    const video = wantsVideo ? await deps.makeVideo() : null;
    const seeded: Seeded[] = [];
    for (const account of accounts) {
      signal?.throwIfAborted();
      const api = demoApiFor(deps.inject, account);
      await onboard(deps, account, api);
      result.creators += 1;
      seeded.push({ account, api, postIds: await publish(account, api, video, result, signal) });
    }
    await connect(seeded, result, signal);
    return result;
  }

  return {
    /** Null when the database already has an account (real or demo): nothing is added then. */
    async seedIfEmpty(signal?: AbortSignal): Promise<DemoSeedResult | null> {
      if (await deps.users.hasAny()) return null;
      const accounts = await openDemoAccounts(deps, catalog);
      if (!accounts) return null;
      try {
        return await seed(accounts, signal);
      } finally {
        await closeDemoAccounts(deps, accounts);
      }
    },
  };
}

export type DemoSeeder = ReturnType<typeof createDemoSeeder>;
