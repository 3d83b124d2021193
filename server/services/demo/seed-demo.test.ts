import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostList, PostView } from '../../../common/schemas/posts.ts';
import { creatorProfiles, media, posts, sessions, users } from '../../db/schema/index.ts';
import { type AccountsTestApp, get, signUpVerified } from '../../test/accounts.ts';
import { createMediaTestApp, fetchUrl } from '../../test/media.ts';
import { avatarImage, postImage } from './artwork.ts';
import { DEMO_EMAIL_DOMAIN, demoCreators } from './catalog.ts';

const hasFfmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const expectedPosts = demoCreators.reduce((sum, creator) => sum + creator.posts.length, 0);

/**
 * Waits until no media is processing any more. The test app runs the job queue, whose worker
 * takes one job per 2-second poll: the demo's 17 uploads take about half a minute.
 */
async function settled(t: AccountsTestApp): Promise<void> {
  const deadline = Date.now() + 100_000;
  for (;;) {
    const rows = await t.app.services.database.db.select({ status: media.status }).from(media);
    if (rows.every((row) => row.status !== 'processing')) return;
    if (Date.now() > deadline) throw new Error('demo media still processing');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const counts = async (t: AccountsTestApp) => {
  const { db } = t.app.services.database;
  return {
    users: (await db.select({ id: users.id }).from(users)).length,
    creators: (await db.select({ id: creatorProfiles.id }).from(creatorProfiles)).length,
    posts: (await db.select({ id: posts.id }).from(posts)).length,
  };
};

describe('demo data (SEED_DEMO)', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createMediaTestApp({}, { runJobs: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('draws the same pictures from the same seed, and different ones per creator and post', async () => {
    const [first, second] = demoCreators;
    if (!first || !second) throw new Error('no demo creators');
    expect((await postImage(first, 0)).equals(await postImage(first, 0))).toBe(true);
    expect((await postImage(first, 0)).equals(await postImage(first, 1))).toBe(false);
    expect((await avatarImage(first)).equals(await avatarImage(second))).toBe(false);
  });

  it('seeds approved creators and their posts; Discover shows them, locked ones as previews only', async () => {
    const result = await t.app.services.demo.seedIfEmpty();
    expect(result).toEqual({
      creators: demoCreators.length,
      posts: expectedPosts,
      videos: hasFfmpeg ? 1 : 0,
      follows: demoCreators.length * 2,
      likes: expect.any(Number),
    });
    expect(result?.likes).toBeGreaterThan(0);
    await settled(t);

    const { db } = t.app.services.database;
    const accounts = await db.select().from(users);
    expect(accounts).toHaveLength(demoCreators.length);
    for (const account of accounts) {
      expect(account.email.endsWith(`@${DEMO_EMAIL_DOMAIN}`)).toBe(true);
      expect(account.passwordHash).toBeNull();
      expect(account.isEmailVerified).toBe(true);
    }
    // No demo session outlives the seeding.
    expect(await db.select().from(sessions)).toEqual([]);
    const creators = await db.select().from(creatorProfiles);
    expect(creators.map((creator) => creator.status)).toEqual(demoCreators.map(() => 'approved'));
    expect(new Set(creators.map((creator) => creator.handle)).size).toBe(demoCreators.length);
    expect(creators.every((creator) => creator.avatarUrl && creator.bannerUrl)).toBe(true);
    expect((await db.select().from(media).where(eq(media.status, 'failed'))).length).toBe(0);

    const list = (await get(t, `/api/discover?limit=50`)).json<PostList>();
    expect(list.items).toHaveLength(expectedPosts);
    expect(new Set(list.items.map((item) => item.creator.handle))).toEqual(
      new Set(demoCreators.map((creator) => creator.handle)),
    );
    expect(list.items.some((item) => item.likes > 0)).toBe(true);

    const locked = list.items.filter((item) => item.visibility !== 'public');
    expect(locked.length).toBeGreaterThan(0);
    // The demo's text posts are locked ones: their text is withheld, and they have no media.
    expect(locked.some((item) => item.textOnly)).toBe(true);
    for (const item of locked.filter((item) => item.textOnly)) {
      expect(item).toMatchObject({ locked: true, description: '', media: null, items: [] });
    }
    for (const item of locked.filter((item) => !item.textOnly)) {
      expect(item.locked).toBe(true);
      expect(item.media?.locked).toBe(true);
      expect(item.media?.urls.sources).toEqual([]);
      expect(item.media?.urls.video).toBeNull();
      expect(item.media?.urls.hls).toBeNull();
      expect(item.media?.urls.poster).toBeNull();
      expect(item.media?.url).toBe(item.media?.urls.preview);
      expect(item.media?.url).toEqual(expect.any(String));
    }
    const firstLocked = locked.find((item) => !item.textOnly);
    if (!firstLocked?.media?.url) throw new Error('no locked preview');
    const preview = await fetchUrl(t, firstLocked.media.url);
    expect(preview.statusCode).toBe(200);
    expect(preview.rawPayload.length).toBeLessThan(10_000);

    const open = list.items.filter((item) => item.visibility === 'public');
    for (const item of open) {
      expect(item.locked).toBe(false);
      expect(item.media?.url).toEqual(expect.any(String));
    }
    const videos = list.items.filter((item: PostView) => item.media?.kind === 'video');
    expect(videos).toHaveLength(hasFfmpeg ? 1 : 0);
    if (hasFfmpeg) expect(videos[0]?.media?.urls.hls).toEqual(expect.any(String));
  }, 120_000);

  it('adds nothing when run again on a database that has data', async () => {
    const before = await counts(t);
    expect(await t.app.services.demo.seedIfEmpty()).toBeNull();
    expect(await counts(t)).toEqual(before);
  });
});

describe('demo data next to a real account', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createMediaTestApp({}, { runJobs: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is never seeded into a database that has a real user', async () => {
    await signUpVerified(t);
    expect(await t.app.services.demo.seedIfEmpty()).toBeNull();
    expect(await counts(t)).toEqual({ users: 1, creators: 0, posts: 0 });
  });
});
