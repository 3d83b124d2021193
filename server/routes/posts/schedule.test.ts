import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '../../../common/events.ts';
import { limits } from '../../../common/limits.ts';
import { type PostList, type PostView, postMessages } from '../../../common/schemas/posts.ts';
import { startQueue } from '../../adapters/queue.ts';
import { posts } from '../../db/schema/index.ts';
import { PUBLISH_SCHEDULED_POSTS, publishScheduledPostsJob } from '../../jobs/publish-scheduled-posts.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { createPostsRepository } from '../../repositories/posts/index.ts';
import { createPostScheduler } from '../../services/posts/scheduler.service.ts';
import { bearer, get, signUpVerified } from '../../test/accounts.ts';
import { HOUR, MINUTE } from '../../test/clock.ts';
import { buildCreator } from '../../test/creators.ts';
import { createMediaTestApp, type MediaTestApp } from '../../test/media.ts';

const youtubeUrl = 'https://youtu.be/dQw4w9WgXcQ';
const silent = { info: () => {}, error: () => {} };

/**
 * Drafts, scheduled posts, end dates and the pinned post. The app under test runs no jobs: each test
 * that needs the scheduler starts its own job runner on the app's database, as `npm run worker`
 * does, against the test's clock.
 */
describe('scheduled posts, drafts, expiry and pinning', () => {
  let t: MediaTestApp;
  let admin: { token: string };
  beforeAll(async () => {
    t = await createMediaTestApp({ ADMIN_EMAILS: 'schedule-admin@example.com' });
    admin = await signUpVerified(t, { email: 'schedule-admin@example.com' });
  });
  afterAll(async () => {
    await t.close();
  });

  const inject = (
    method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
  const ids = (list: PostList) => list.items.map((item) => item.id);
  const db = () => t.app.services.database.db;
  const scheduler = () =>
    createPostScheduler({
      posts: createPostsRepository(db()),
      notifications: t.app.services.notifications,
      clock: t.clock,
      publicUrl: t.config.publicUrl,
    });
  /** A job runner (pg-boss working the scheduler's queue), as a restarted server or worker starts it. */
  const startRunner = () =>
    startQueue(t.app.services.database, {
      work: true,
      jobs: [publishScheduledPostsJob({ scheduler: scheduler(), log: () => {} })],
      log: silent,
      onError: () => {},
    });
  const everyFeed = async (token: string, handle: string) => [
    ...ids((await get(t, `/api/creators/${handle}/posts`, token)).json<PostList>()),
    ...ids((await get(t, '/api/feed', token)).json<PostList>()),
    ...ids((await get(t, '/api/discover', token)).json<PostList>()),
    ...ids((await get(t, '/api/discover')).json<PostList>()),
    ...ids((await get(t, `/api/creators/${handle}/posts`)).json<PostList>()),
  ];
  const setUp = async () => {
    const creator = await buildCreator(t, { approveWith: admin.token });
    const fan = await signUpVerified(t);
    expect(
      (await inject('POST', `/api/creators/${creator.creator.handle}/follow`, fan.token)).statusCode,
    ).toBe(200);
    return { creator, fan };
  };

  it('refuses a time in the past, a missing time and an end before the post goes out, with messages', async () => {
    const { creator } = await setUp();
    const base = { description: 'Soon', youtubeUrl };
    const fields = async (payload: object) => {
      const response = await inject('POST', '/api/posts', creator.token, { ...base, ...payload });
      expect(response.statusCode).toBe(400);
      return response.json<{ fields: Record<string, string> }>().fields;
    };
    expect(await fields({ publish: 'scheduled', publishAt: at(-MINUTE) })).toEqual({
      publishAt: postMessages.publishAtInPast,
    });
    expect(await fields({ publish: 'scheduled' })).toMatchObject({
      publishAt: postMessages.publishAtRequired,
    });
    expect(await fields({ publish: 'scheduled', publishAt: 'tomorrow' })).toHaveProperty('publishAt');
    expect(await fields({ publish: 'scheduled', publishAt: at(2 * HOUR), expiresAt: at(HOUR) })).toEqual({
      expiresAt: postMessages.expiresBeforePublish,
    });
    expect(await fields({ expiresAt: at(-HOUR) })).toEqual({ expiresAt: postMessages.expiresInPast });
  });

  it('keeps drafts and scheduled posts out of every feed and off the post page for everyone but the creator', async () => {
    const { creator, fan } = await setUp();
    const draft = (
      await inject('POST', '/api/posts', creator.token, {
        description: 'Draft',
        youtubeUrl,
        publish: 'draft',
      })
    ).json<PostView>();
    const scheduled = (
      await inject('POST', '/api/posts', creator.token, {
        description: 'Later',
        youtubeUrl,
        publish: 'scheduled',
        // In the creator's own time zone: the browser sends the moment with its offset.
        publishAt: new Date(t.clock.now().getTime() + HOUR).toISOString().replace('Z', '+00:00'),
      })
    ).json<PostView>();
    expect(draft.status).toBe('draft');
    expect(scheduled).toMatchObject({ status: 'scheduled', publishAt: expect.any(String) });
    const shown = (
      await inject('POST', '/api/posts', creator.token, { description: 'Now', youtubeUrl })
    ).json<PostView>();

    for (const token of [fan.token, creator.token]) {
      const seen = await everyFeed(token, creator.creator.handle);
      expect(seen).toContain(shown.id);
      expect(seen).not.toContain(draft.id);
      expect(seen).not.toContain(scheduled.id);
    }
    for (const id of [draft.id, scheduled.id]) {
      expect((await get(t, `/api/posts/${id}`, fan.token)).statusCode).toBe(404);
      expect((await get(t, `/api/posts/${id}`)).statusCode).toBe(404);
      expect((await inject('POST', `/api/posts/${id}/like`, fan.token)).statusCode).toBe(404);
      expect((await get(t, `/api/posts/${id}`, creator.token)).statusCode).toBe(200);
    }
    const rows = await db().select({ showable: posts.showable }).from(posts).where(eq(posts.id, draft.id));
    expect(rows).toEqual([{ showable: false }]);

    const queue = (await get(t, '/api/creators/me/queue', creator.token)).json<PostList>();
    expect(ids(queue)).toEqual([scheduled.id]);
    expect(
      ids((await get(t, '/api/creators/me/queue?status=draft', creator.token)).json<PostList>()),
    ).toEqual([draft.id]);
    expect((await get(t, '/api/creators/me/queue', fan.token)).statusCode).toBe(403);
  });

  it('publishes a scheduled post exactly once after its time, also when the runner starts after that time', async () => {
    const { creator, fan } = await setUp();
    const publishAt = at(30 * MINUTE);
    const scheduled = (
      await inject('POST', '/api/posts', creator.token, {
        description: 'Timed',
        youtubeUrl,
        publish: 'scheduled',
        publishAt,
      })
    ).json<PostView>();
    // Its id carries its moment: once out, it sits among the posts by the time it went out.
    expect(scheduled.createdAt).toBe(new Date(publishAt).toISOString());

    // The server was down at that moment: the clock moves past it, then the runner starts.
    t.clock.advance(HOUR);
    const first = await startRunner();
    const deadline = Date.now() + 15_000;
    while ((await get(t, `/api/posts/${scheduled.id}`, fan.token)).statusCode !== 200) {
      if (Date.now() > deadline) throw new Error('the scheduled post was not published on start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await first.stop();

    // A restart (and a run of the job) publishes nothing twice.
    const second = await startRunner();
    const jobId = await second.send(PUBLISH_SCHEDULED_POSTS, {});
    if (!jobId) throw new Error('job was not queued');
    expect(await second.waitFor(PUBLISH_SCHEDULED_POSTS, jobId)).toBe('completed');
    await second.stop();

    const view = (await get(t, `/api/posts/${scheduled.id}`, fan.token)).json<PostView>();
    expect(view).toMatchObject({ status: 'published', createdAt: new Date(publishAt).toISOString() });
    expect(ids((await get(t, '/api/feed', fan.token)).json<PostList>())).toContain(scheduled.id);
    const bell = (await get(t, '/api/notifications', creator.token)).json<NotificationList>();
    expect(bell.items.filter((item) => item.kind === 'post_published')).toEqual([
      expect.objectContaining({
        text: 'Your scheduled post was published',
        link: `/public-profile/${creator.creator.handle}`,
      }),
    ]);
    expect((await get(t, '/api/creators/me/queue', creator.token)).json<PostList>().items).toEqual([]);
  });

  it('keeps a scheduled post back when the scheduler runs a minute before its time, and publishes it at its time', async () => {
    const { creator, fan } = await setUp();
    const handle = creator.creator.handle;
    const publishAt = at(30 * MINUTE);
    const scheduled = (
      await inject('POST', '/api/posts', creator.token, {
        description: 'Not a minute early',
        youtubeUrl,
        publish: 'scheduled',
        publishAt,
      })
    ).json<PostView>();
    const publicPage = async () => ids((await get(t, `/api/creators/${handle}/posts`)).json<PostList>());

    // One minute before its time: the scheduler runs and leaves it alone.
    t.clock.advance(29 * MINUTE);
    await scheduler().runDue();
    expect((await get(t, `/api/posts/${scheduled.id}`, creator.token)).json<PostView>()).toMatchObject({
      status: 'scheduled',
      publishAt: new Date(publishAt).toISOString(),
    });
    expect((await get(t, `/api/posts/${scheduled.id}`, fan.token)).statusCode).toBe(404);
    expect((await get(t, `/api/posts/${scheduled.id}`)).statusCode).toBe(404);
    expect(await everyFeed(fan.token, handle)).not.toContain(scheduled.id);
    expect(await publicPage()).not.toContain(scheduled.id);
    expect(ids((await get(t, '/api/creators/me/queue', creator.token)).json<PostList>())).toEqual([
      scheduled.id,
    ]);

    // At its time it goes out: to the fan, on the public page, out of the queue.
    t.clock.advance(MINUTE);
    await scheduler().runDue();
    expect((await get(t, `/api/posts/${scheduled.id}`, fan.token)).json<PostView>()).toMatchObject({
      status: 'published',
      createdAt: new Date(publishAt).toISOString(),
    });
    expect(ids((await get(t, '/api/feed', fan.token)).json<PostList>())).toContain(scheduled.id);
    expect(await publicPage()).toContain(scheduled.id);
    expect((await get(t, '/api/creators/me/queue', creator.token)).json<PostList>().items).toEqual([]);
  });

  it('two runs at once publish a due post once', async () => {
    const { creator } = await setUp();
    await inject('POST', '/api/posts', creator.token, {
      description: 'Race',
      youtubeUrl,
      publish: 'scheduled',
      publishAt: at(MINUTE),
    });
    t.clock.advance(2 * MINUTE);
    const reports = await Promise.all([scheduler().runDue(), scheduler().runDue(), scheduler().runDue()]);
    expect(reports.reduce((sum, report) => sum + report.published, 0)).toBe(1);
  });

  it('edits, cancels to a draft and publishes from the queue', async () => {
    const { creator, fan } = await setUp();
    const created = (
      await inject('POST', '/api/posts', creator.token, {
        description: 'Plan',
        youtubeUrl,
        publish: 'scheduled',
        publishAt: at(HOUR),
      })
    ).json<PostView>();
    const moved = await inject('PATCH', `/api/posts/${created.id}`, creator.token, {
      publishAt: at(3 * HOUR),
    });
    expect(moved.statusCode).toBe(200);
    const movedView = moved.json<PostView>();
    expect(movedView.publishAt).toBe(at(3 * HOUR));
    const past = await inject('PATCH', `/api/posts/${movedView.id}`, creator.token, { publishAt: at(-HOUR) });
    expect(past.json<{ fields: object }>().fields).toEqual({ publishAt: postMessages.publishAtInPast });

    const canceled = (
      await inject('PATCH', `/api/posts/${movedView.id}`, creator.token, { publish: 'draft' })
    ).json<PostView>();
    expect(canceled).toMatchObject({ status: 'draft', publishAt: null });
    expect((await get(t, '/api/creators/me/queue', creator.token)).json<PostList>().items).toEqual([]);

    const out = (
      await inject('PATCH', `/api/posts/${canceled.id}`, creator.token, { publish: 'now' })
    ).json<PostView>();
    expect(out.status).toBe('published');
    expect(ids((await get(t, '/api/feed', fan.token)).json<PostList>())).toEqual([out.id]);
    const back = await inject('PATCH', `/api/posts/${out.id}`, creator.token, { publish: 'draft' });
    expect(back.json<{ fields: object }>().fields).toEqual({ publish: postMessages.alreadyPublished });
  });

  it(`refuses more than ${limits.scheduledPostsMax} scheduled posts`, async () => {
    const { creator } = await setUp();
    const later = new Date(t.clock.now().getTime() + 24 * HOUR);
    await db()
      .insert(posts)
      .values(
        Array.from({ length: limits.scheduledPostsMax }, (_, index) => ({
          id: uuidv7(later.getTime() + index),
          creatorId: creator.creator.id,
          description: `Queued ${index}`,
          youtubeId: 'dQw4w9WgXcQ',
          status: 'scheduled' as const,
          publishAt: new Date(later.getTime() + index * MINUTE),
        })),
      );
    const refused = await inject('POST', '/api/posts', creator.token, {
      description: 'One more',
      youtubeUrl,
      publish: 'scheduled',
      publishAt: at(HOUR),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ fields: object }>().fields).toEqual({ publishAt: postMessages.tooManyScheduled });
    // Drafts and posts going out now are not limited.
    expect(
      (
        await inject('POST', '/api/posts', creator.token, {
          description: 'Draft',
          youtubeUrl,
          publish: 'draft',
        })
      ).statusCode,
    ).toBe(201);
  });

  it('hides a post after its end date, from feeds and its page', async () => {
    const { creator, fan } = await setUp();
    const brief = (
      await inject('POST', '/api/posts', creator.token, {
        description: 'Brief',
        youtubeUrl,
        expiresAt: at(10 * MINUTE),
      })
    ).json<PostView>();
    expect(await everyFeed(fan.token, creator.creator.handle)).toContain(brief.id);
    t.clock.advance(11 * MINUTE);
    expect((await scheduler().runDue()).expired).toBeGreaterThanOrEqual(1);
    expect(await everyFeed(fan.token, creator.creator.handle)).not.toContain(brief.id);
    expect(await everyFeed(creator.token, creator.creator.handle)).not.toContain(brief.id);
    expect((await get(t, `/api/posts/${brief.id}`, fan.token)).statusCode).toBe(404);
    expect((await get(t, `/api/posts/${brief.id}`, creator.token)).json<PostView>().status).toBe('expired');
    // A new end date brings it back.
    const back = await inject('PATCH', `/api/posts/${brief.id}`, creator.token, { expiresAt: null });
    expect(back.json<PostView>().status).toBe('published');
    expect(await everyFeed(fan.token, creator.creator.handle)).toContain(brief.id);
  });

  it('pins one post to the top of the profile', async () => {
    const { creator, fan } = await setUp();
    const make = async (description: string) =>
      (await inject('POST', '/api/posts', creator.token, { description, youtubeUrl })).json<PostView>();
    const first = await make('First');
    const second = await make('Second');
    const third = await make('Third');
    const profile = async () =>
      ids((await get(t, `/api/creators/${creator.creator.handle}/posts`, fan.token)).json<PostList>());
    expect(await profile()).toEqual([third.id, second.id, first.id]);

    expect((await inject('PUT', `/api/posts/${first.id}/pin`, creator.token)).json<PostView>().pinned).toBe(
      true,
    );
    expect(await profile()).toEqual([first.id, third.id, second.id]);
    await inject('PUT', `/api/posts/${second.id}/pin`, creator.token);
    expect(await profile()).toEqual([second.id, third.id, first.id]);
    // Paging on does not repeat it.
    const page = (
      await get(t, `/api/creators/${creator.creator.handle}/posts?limit=1`, fan.token)
    ).json<PostList>();
    expect(ids(page)).toEqual([second.id, third.id]);
    const next = (
      await get(
        t,
        `/api/creators/${creator.creator.handle}/posts?limit=1&cursor=${encodeURIComponent(page.nextCursor ?? '')}`,
        fan.token,
      )
    ).json<PostList>();
    expect(ids(next)).toEqual([first.id]);

    expect((await inject('PUT', `/api/posts/${second.id}/pin`, fan.token)).statusCode).toBe(403);
    await inject('DELETE', `/api/posts/${second.id}/pin`, creator.token);
    expect(await profile()).toEqual([third.id, second.id, first.id]);
    const draft = (
      await inject('POST', '/api/posts', creator.token, { description: 'D', youtubeUrl, publish: 'draft' })
    ).json<PostView>();
    const refused = await inject('PUT', `/api/posts/${draft.id}/pin`, creator.token);
    expect(refused.json<{ fields: object }>().fields).toEqual({ id: postMessages.notPublished });
  });

  it('tells only the owner of a published post that they may pin it, as the pin route decides', async () => {
    const { creator, fan } = await setUp();
    const published = (
      await inject('POST', '/api/posts', creator.token, { description: 'Pin me', youtubeUrl })
    ).json<PostView>();
    const draft = (
      await inject('POST', '/api/posts', creator.token, {
        description: 'Not yet',
        youtubeUrl,
        publish: 'draft',
      })
    ).json<PostView>();
    const canPin = async (id: string, token?: string) =>
      (await get(t, `/api/posts/${id}`, token)).json<PostView>().canPin;

    expect(published.canPin).toBe(true);
    expect(await canPin(published.id, creator.token)).toBe(true);
    expect(await canPin(published.id, fan.token)).toBe(false);
    expect(await canPin(published.id, admin.token)).toBe(false);
    expect(await canPin(published.id)).toBe(false);
    expect(draft.canPin).toBe(false);
    expect(await canPin(draft.id, creator.token)).toBe(false);
    // The feeds carry the same flag as the post's page.
    const profile = (
      await get(t, `/api/creators/${creator.creator.handle}/posts`, creator.token)
    ).json<PostList>();
    expect(profile.items.find((item) => item.id === published.id)?.canPin).toBe(true);
    const fanProfile = (
      await get(t, `/api/creators/${creator.creator.handle}/posts`, fan.token)
    ).json<PostList>();
    expect(fanProfile.items.find((item) => item.id === published.id)?.canPin).toBe(false);

    // Each answer of the flag is the route's answer: allowed where true, refused where false.
    expect((await inject('PUT', `/api/posts/${published.id}/pin`, fan.token)).statusCode).toBe(403);
    expect((await inject('PUT', `/api/posts/${draft.id}/pin`, creator.token)).statusCode).toBe(400);
    const pinned = await inject('PUT', `/api/posts/${published.id}/pin`, creator.token);
    expect(pinned.statusCode).toBe(200);
    // Pinned, the toggle unpins: still the owner's alone.
    expect(pinned.json<PostView>()).toMatchObject({ pinned: true, canPin: true });
    expect(await canPin(published.id, fan.token)).toBe(false);
    expect((await inject('DELETE', `/api/posts/${published.id}/pin`, creator.token)).statusCode).toBe(200);
  });
});
