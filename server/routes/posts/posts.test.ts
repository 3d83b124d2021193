import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatorProfile } from '../../../common/schemas/creators.ts';
import type { MediaView } from '../../../common/schemas/media.ts';
import { type PostList, type PostView, postMessages } from '../../../common/schemas/posts.ts';
import {
  type AccountsTestApp,
  bearer,
  get,
  post,
  signUp,
  signUpVerified,
  uniqueEmail,
} from '../../test/accounts.ts';
import { buildCreator, buildPost } from '../../test/creators.ts';
import {
  createMediaTestApp,
  mediaRows,
  storedFiles,
  tusUpload,
  waitForProcessing,
} from '../../test/media.ts';
import { jpeg } from '../../test/media-fixtures.ts';

describe('posts', () => {
  let t: AccountsTestApp;
  const adminEmail = uniqueEmail('admin');
  let admin: { token: string };
  beforeAll(async () => {
    t = await createMediaTestApp({ ADMIN_EMAILS: adminEmail }, { runJobs: true });
    admin = await signUpVerified(t, { email: adminEmail });
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/posts', payload, headers: bearer(token) });
  const uploadImage = async (token: string) => {
    const { last } = await tusUpload(t, token, await jpeg(320, 240), { filetype: 'image/jpeg' });
    const id = (JSON.parse(last.body) as MediaView).id;
    await waitForProcessing(t, token, id);
    return id;
  };

  it('checks the post rules with the spec messages', async () => {
    const { token } = await buildCreator(t, { approveWith: admin.token });
    const fields = async (payload: object) =>
      (await create(token, payload)).json<{ fields: object }>().fields;
    expect(await fields({ description: '', youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' })).toMatchObject({
      description: postMessages.descriptionRequired,
    });
    expect(
      await fields({ description: 'x'.repeat(501), youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' }),
    ).toMatchObject({
      description: postMessages.descriptionTooLong,
    });
    // Without media it is a text post: its text is all it needs, and blank text is refused.
    expect(await fields({ description: '  ' })).toMatchObject({
      description: postMessages.descriptionRequired,
    });
    const charge = {
      description: 'Hi',
      youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ',
      visibility: 'pay_per_view',
    };
    expect(await fields(charge)).toMatchObject({ price: postMessages.chargeRequired });
    expect(await fields({ ...charge, price: 'ten' })).toMatchObject({ price: postMessages.chargeInvalid });
  });

  it('lets only verified creators post', async () => {
    const fan = await signUpVerified(t);
    const refused = await create(fan.token, {
      description: 'Hi',
      youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: postMessages.onlyCreators });
    const { email } = await signUp(t);
    const unverified = await post(t, '/api/auth/signin', { email, password: 'correct horse battery staple' });
    const response = await create(unverified.json<{ token: string }>().token, {
      description: 'Hi',
      youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ',
    });
    expect(response.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(
      (await post(t, '/api/posts', { description: 'Hi', youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' }))
        .statusCode,
    ).toBe(401);
  });

  it('lets a creator post only once their profile is approved', async () => {
    const pending = await buildCreator(t);
    const payload = { description: 'Too early', youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' };
    const refused = await create(pending.token, payload);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: postMessages.notApproved });
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/admin/creators/${pending.creator.id}/approve`,
      headers: bearer(admin.token),
    });
    expect(approve.statusCode).toBe(200);
    expect((await create(pending.token, payload)).statusCode).toBe(201);
  });

  it("refuses someone else's upload, and lets one upload be reused from the vault", async () => {
    const a = await buildCreator(t, { approveWith: admin.token });
    const b = await buildCreator(t, { approveWith: admin.token });
    const mediaId = await uploadImage(a.token);
    expect((await create(b.token, { description: 'Mine?', mediaId })).json()).toMatchObject({
      fields: { mediaId: postMessages.mediaMissing },
    });
    expect((await create(a.token, { description: 'First', mediaId })).statusCode).toBe(201);
    expect((await create(a.token, { description: 'Again', mediaId })).statusCode).toBe(201);
  });

  it('publishes a pay-per-view post with its price, and a YouTube post whose link is hidden while locked', async () => {
    const { token, creator } = await buildCreator(t, { approveWith: admin.token });
    const ppv = await buildPost(t, token, {
      visibility: 'pay_per_view',
      price: '7.50',
      description: 'Behind the scenes',
    });
    expect(ppv).toMatchObject({
      description: 'Behind the scenes',
      visibility: 'pay_per_view',
      price: { amount: 750, currency: 'USD' },
      locked: false,
      isOwner: true,
      creator: { id: creator.id, handle: creator.handle },
    });
    const embed = await buildPost(t, token, { youtube: true, visibility: 'subscribers' });
    expect(embed.youtubeId).toBe('dQw4w9WgXcQ');
    const fan = await signUpVerified(t);
    const seen = (await get(t, `/api/posts/${embed.id}`, fan.token)).json<PostView>();
    expect(seen).toMatchObject({ locked: true, youtubeId: null });
    const profile = (await get(t, `/api/creators/${creator.handle}`)).json<CreatorProfile>();
    expect(profile.counts).toMatchObject({ posts: 2, photos: 1, videos: 0 });
  });

  it('lets the creator edit and delete a post, deleting its media files too; nobody else', async () => {
    const { token } = await buildCreator(t, { approveWith: admin.token });
    const created = await buildPost(t, token, { description: 'Before' });
    const stranger = await signUpVerified(t);
    const patch = (who: string, payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/posts/${created.id}`, payload, headers: bearer(who) });
    expect((await patch(stranger.token, { description: 'Hacked' })).statusCode).toBe(403);
    const edited = await patch(token, { description: 'After', visibility: 'pay_per_view', price: '3' });
    expect(edited.json()).toMatchObject({
      description: 'After',
      visibility: 'pay_per_view',
      price: { amount: 300 },
    });

    const remove = (who: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/posts/${created.id}`, headers: bearer(who) });
    expect((await remove(stranger.token)).statusCode).toBe(403);
    const mediaId = created.media?.id as string;
    expect(storedFiles(t).some((file) => file.includes(mediaId))).toBe(true);
    expect((await remove(token)).statusCode).toBe(204);
    expect((await get(t, `/api/posts/${created.id}`, token)).statusCode).toBe(404);
    expect((await mediaRows(t)).map((row) => row.id)).not.toContain(mediaId);
    expect(storedFiles(t).some((file) => file.includes(mediaId))).toBe(false);
  });

  it('tells each viewer what they may do with a post, as the policy decides', async () => {
    const { token } = await buildCreator(t, { approveWith: admin.token });
    const created = await buildPost(t, token, { description: 'Abilities' });
    const stranger = await signUpVerified(t);
    const abilities = async (who?: string) => {
      const { canEdit, canDelete, canReport } = (await get(t, `/api/posts/${created.id}`, who)).json();
      return { canEdit, canDelete, canReport };
    };
    expect(await abilities(token)).toEqual({ canEdit: true, canDelete: true, canReport: false });
    expect(await abilities(admin.token)).toEqual({ canEdit: false, canDelete: true, canReport: true });
    expect(await abilities(stranger.token)).toEqual({ canEdit: false, canDelete: false, canReport: true });
    expect(await abilities()).toEqual({ canEdit: false, canDelete: false, canReport: false });
  });

  it('lets an admin remove a post (moderation)', async () => {
    const { token } = await buildCreator(t, { approveWith: admin.token });
    const created = await buildPost(t, token, { youtube: true });
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/posts/${created.id}`,
      headers: bearer(admin.token),
    });
    expect(response.statusCode).toBe(204);
  });

  it('counts likes exactly: idempotent like and unlike, and the Liked list', async () => {
    const { token } = await buildCreator(t, { approveWith: admin.token });
    const first = await buildPost(t, token, { youtube: true });
    const second = await buildPost(t, token, { youtube: true });
    const [fan, other] = await Promise.all([signUpVerified(t), signUpVerified(t)]);
    const like = (who: string, id: string, method: 'POST' | 'DELETE' = 'POST') =>
      t.app.inject({ method, url: `/api/posts/${id}/like`, headers: bearer(who) });

    const results = await Promise.all(Array.from({ length: 10 }, () => like(fan.token, first.id)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect((await like(other.token, first.id)).json()).toEqual({ liked: true, likes: 2 });
    expect((await like(fan.token, second.id)).json()).toEqual({ liked: true, likes: 1 });
    expect((await get(t, `/api/posts/${first.id}`, fan.token)).json()).toMatchObject({
      likes: 2,
      liked: true,
    });

    const liked = (await get(t, '/api/me/liked?limit=1', fan.token)).json<PostList>();
    expect(liked.items.map((item) => item.id)).toEqual([second.id]);
    const rest = (
      await get(t, `/api/me/liked?limit=1&cursor=${liked.nextCursor}`, fan.token)
    ).json<PostList>();
    expect(rest.items.map((item) => item.id)).toEqual([first.id]);
    expect((await get(t, '/api/creators/me', fan.token)).json()).toMatchObject({ counts: { liked: 2 } });

    expect((await like(fan.token, first.id, 'DELETE')).json()).toEqual({ liked: false, likes: 1 });
    expect((await like(fan.token, first.id, 'DELETE')).json()).toEqual({ liked: false, likes: 1 });
    expect((await get(t, `/api/posts/${first.id}`)).json()).toMatchObject({ likes: 1, liked: false });
  });
});
