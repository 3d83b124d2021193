import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleMessages } from '../../../common/handles.ts';
import {
  type CreatorListResponse,
  type CreatorProfile,
  creatorMessages,
  type MyCreatorResponse,
} from '../../../common/schemas/creators.ts';
import { createBlocksRepository } from '../../repositories/safety/blocks.repository.ts';
import { type AccountsTestApp, bearer, get, signUpVerified, uniqueEmail } from '../../test/accounts.ts';
import { buildCreator, uploaded } from '../../test/creators.ts';
import { createMediaTestApp } from '../../test/media.ts';

describe('creator profiles and follows', () => {
  let t: AccountsTestApp;
  const adminEmail = uniqueEmail('admin');
  let admin: { token: string; user: { id: string } };
  beforeAll(async () => {
    t = await createMediaTestApp({ ADMIN_EMAILS: adminEmail });
    admin = await signUpVerified(t, { email: adminEmail });
  });
  afterAll(async () => {
    await t.close();
  });

  const follow = (token: string, handle: string, method: 'POST' | 'DELETE' = 'POST') =>
    t.app.inject({ method, url: `/api/creators/${handle}/follow`, headers: bearer(token) });
  const suggested = async (token?: string) =>
    (await get(t, '/api/creators?limit=100', token))
      .json<CreatorListResponse>()
      .items.map((item) => item.handle);
  const block = (blocker: string, blocked: string) =>
    createBlocksRepository(t.app.services.database.db).block(blocker, blocked, new Date());

  it('shows a profile in review only to its owner and admins, and never suggests it', async () => {
    const { token, creator } = await buildCreator(t);
    const fan = await signUpVerified(t);
    expect((await get(t, `/api/creators/${creator.handle}`)).statusCode).toBe(404);
    expect((await get(t, `/api/creators/${creator.handle}`, fan.token)).json()).toMatchObject({
      message: creatorMessages.creatorNotFound,
    });
    expect((await get(t, `/api/creators/${creator.handle}`, token)).json()).toMatchObject({
      status: 'pending_review',
      viewer: { isOwner: true },
    });
    expect((await get(t, `/api/creators/${creator.id}`, admin.token)).statusCode).toBe(200);
    expect(await suggested(fan.token)).not.toContain(creator.handle);
    expect((await follow(fan.token, creator.handle)).statusCode).toBe(404);
  });

  it("tells each viewer what they may do with a page, as the creators' policy decides", async () => {
    const { token, creator } = await buildCreator(t, { approveWith: admin.token });
    const fan = await signUpVerified(t);
    const abilities = async (who?: string, handle = creator.handle) => {
      const { canEdit, canMessage, canFollow, canSubscribe, canTip, canReport } = (
        await get(t, `/api/creators/${handle}`, who)
      ).json<CreatorProfile>();
      return { canEdit, canMessage, canFollow, canSubscribe, canTip, canReport };
    };
    const owner = {
      canEdit: true,
      canMessage: false,
      canFollow: false,
      canSubscribe: false,
      canTip: false,
      canReport: false,
    };
    const someoneElse = {
      canEdit: false,
      canMessage: true,
      canFollow: true,
      canSubscribe: true,
      canTip: true,
      canReport: true,
    };
    expect(await abilities(token)).toEqual(owner);
    expect(await abilities(fan.token)).toEqual(someoneElse);
    expect(await abilities(admin.token)).toEqual(someoneElse);
    // A visitor sees the same buttons; using them asks to sign in first.
    expect(await abilities()).toEqual(someoneElse);

    // A page in review takes no follows, subscriptions or tips; only its owner and admins see it.
    const pending = await buildCreator(t);
    expect(await abilities(pending.token, pending.creator.handle)).toEqual(owner);
    expect(await abilities(admin.token, pending.creator.handle)).toEqual({
      ...someoneElse,
      canFollow: false,
      canSubscribe: false,
      canTip: false,
    });

    // Across a block (only an admin still sees the page): no follow, subscription or tip either.
    const blocking = await buildCreator(t, { approveWith: admin.token });
    await block(blocking.user.id, admin.user.id);
    expect(await abilities(admin.token, blocking.creator.handle)).toEqual({
      ...someoneElse,
      canFollow: false,
      canSubscribe: false,
      canTip: false,
    });
  });

  it('follows idempotently with exact counts, and unfollows', async () => {
    const { creator } = await buildCreator(t, { approveWith: admin.token });
    const [fan, other] = await Promise.all([signUpVerified(t), signUpVerified(t)]);
    expect(await suggested(fan.token)).toContain(creator.handle);

    expect((await follow(fan.token, creator.handle)).json()).toEqual({ following: true, followers: 1 });
    expect((await follow(fan.token, creator.handle)).json()).toEqual({ following: true, followers: 1 });
    expect((await follow(other.token, creator.id)).json()).toEqual({ following: true, followers: 2 });
    const seen = (await get(t, `/api/creators/${creator.handle}`, fan.token)).json<CreatorProfile>();
    expect(seen).toMatchObject({ counts: { followers: 2 }, viewer: { isOwner: false, isFollowing: true } });
    // Someone you follow is no longer a suggestion; others still see them.
    expect(await suggested(fan.token)).not.toContain(creator.handle);
    expect(await suggested()).toContain(creator.handle);

    expect((await follow(fan.token, creator.handle, 'DELETE')).json()).toEqual({
      following: false,
      followers: 1,
    });
    expect((await follow(fan.token, creator.handle, 'DELETE')).json()).toEqual({
      following: false,
      followers: 1,
    });
    expect((await follow(other.token, creator.handle)).statusCode).toBe(200);
    expect((await get(t, `/api/creators/${creator.handle}`)).json<CreatorProfile>().counts.followers).toBe(1);
  });

  it('refuses following yourself and following signed out', async () => {
    const { token, creator } = await buildCreator(t, { approveWith: admin.token });
    const self = await follow(token, creator.handle);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({ message: creatorMessages.cannotFollowSelf });
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/creators/${creator.handle}/follow` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps either side of a block apart: no page, no follow, no suggestion', async () => {
    const { user, creator } = await buildCreator(t, { approveWith: admin.token });
    const [blockedFan, blockingFan] = await Promise.all([signUpVerified(t), signUpVerified(t)]);
    await block(user.id, blockedFan.user.id);
    await block(blockingFan.user.id, user.id);
    for (const fan of [blockedFan, blockingFan]) {
      expect(await suggested(fan.token)).not.toContain(creator.handle);
    }
    // The creator blocked this fan: to them the page does not exist.
    const hidden = await get(t, `/api/creators/${creator.handle}`, blockedFan.token);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ message: creatorMessages.creatorNotFound, code: 'NOT_FOUND' });
    expect((await follow(blockedFan.token, creator.handle)).statusCode).toBe(404);
    // This fan blocked the creator: they are told so, with whom to unblock, and still see nothing.
    const mine = await get(t, `/api/creators/${creator.handle}`, blockingFan.token);
    expect(mine.statusCode).toBe(403);
    expect(mine.json()).toEqual({
      message: `You blocked ${creator.displayName}`,
      code: 'BLOCKED_BY_YOU',
      fields: { userId: user.id },
    });
    expect((await follow(blockingFan.token, creator.handle)).statusCode).toBe(403);
    expect((await get(t, `/api/creators/${creator.handle}`)).json<CreatorProfile>().counts.followers).toBe(0);
  });

  it("keeps one photo per account: the creator avatar is the account's profile image, and the other way round", async () => {
    const { token, creator } = await buildCreator(t, { approveWith: admin.token });
    const profileImage = async () =>
      (await get(t, '/api/auth/profile', token)).json<{ user: { profileImage: string | null } }>().user
        .profileImage;
    // The onboarding photo is the account's photo from the start.
    expect(creator.avatarUrl).toMatch(/^\/api\/media\//);
    expect(await profileImage()).toBe(creator.avatarUrl);

    // A new avatar in Edit Profile is the account's photo too.
    const avatar = await uploaded(t, token, 'profile');
    const edited = await t.app.inject({
      method: 'PATCH',
      url: '/api/creators/me',
      headers: bearer(token),
      payload: {
        displayName: creator.displayName,
        username: `@${creator.handle}`,
        bio: 'Hi',
        avatarId: avatar.id,
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<CreatorProfile>().avatarUrl).toBe(avatar.url);
    expect(await profileImage()).toBe(avatar.url);

    // A photo set in Settings > Account is the creator page's avatar too.
    const another = await uploaded(t, token, 'profile');
    const updated = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-profile',
      headers: bearer(token),
      payload: { profileImage: another.url },
    });
    expect(updated.statusCode).toBe(200);
    expect((await get(t, `/api/creators/${creator.handle}`)).json<CreatorProfile>().avatarUrl).toBe(
      another.url,
    );
  });

  it('edits the profile with the spec messages, and keeps the old handle working', async () => {
    const { token, creator } = await buildCreator(t, { approveWith: admin.token });
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/creators/me', payload, headers: bearer(token) });

    const invalid = async (payload: object, field: string, message: string) => {
      const response = await patch(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ fields: Record<string, string> }>().fields[field]).toBe(message);
    };
    const valid = { displayName: 'New Name', username: `@${creator.handle}`, bio: 'Hello' };
    await invalid({ ...valid, displayName: ' ' }, 'displayName', 'Display name is required');
    await invalid({ ...valid, username: '' }, 'username', 'Username is required');
    await invalid({ ...valid, username: 'nohandle' }, 'username', 'Username must start with @');
    await invalid({ ...valid, bio: 'x'.repeat(501) }, 'bio', 'Bio must be at most 500 characters');
    await invalid({ ...valid, username: '@admin' }, 'username', handleMessages.reserved);

    const other = await buildCreator(t);
    const clash = await patch({ ...valid, username: `@${other.creator.handle.toUpperCase()}` });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ fields: { username: handleMessages.taken } });

    const banner = await uploaded(t, token, 'banner');
    const saved = await patch({
      ...valid,
      username: '@renamed_creator',
      bio: 'New bio',
      bannerId: banner.id,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      handle: 'renamed_creator',
      displayName: 'New Name',
      bio: 'New bio',
    });
    expect(saved.json<CreatorProfile>().bannerUrl).toBe(banner.url);

    // The old link still finds the page, which names its current handle.
    const old = await get(t, `/api/creators/${creator.handle}`);
    expect(old.json()).toMatchObject({ id: creator.id, handle: 'renamed_creator' });
    expect((await get(t, '/api/creators/renamed_creator')).json()).toMatchObject({ id: creator.id });

    // Another creator may take the released handle; the old link then leads to them.
    const taker = await buildCreator(t, { draft: { handle: creator.handle }, approveWith: admin.token });
    expect((await get(t, `/api/creators/${creator.handle}`)).json()).toMatchObject({ id: taker.creator.id });
  });

  it("refuses an image that is not the editor's own", async () => {
    const { token, creator } = await buildCreator(t);
    const stranger = await signUpVerified(t);
    const theirs = await uploaded(t, stranger.token, 'profile');
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/creators/me',
      payload: { displayName: 'X', username: `@${creator.handle}`, bio: '', avatarId: theirs.id },
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { avatarId: creatorMessages.uploadMissing } });
  });

  it('answers /api/creators/me for creators and for everyone else', async () => {
    const fan = await signUpVerified(t);
    expect((await get(t, '/api/creators/me', fan.token)).json()).toEqual({
      creator: null,
      counts: { liked: 0, purchased: 0, purchasedMessages: 0 },
    });
    const { token, creator } = await buildCreator(t);
    const mine = (await get(t, '/api/creators/me', token)).json<MyCreatorResponse>();
    expect(mine.creator).toMatchObject({ id: creator.id, viewer: { isOwner: true } });
    expect((await get(t, '/api/creators/me')).statusCode).toBe(401);
    const notCreator = await t.app.inject({
      method: 'PATCH',
      url: '/api/creators/me',
      payload: { displayName: 'X', username: '@some_one', bio: '' },
      headers: bearer(fan.token),
    });
    expect(notCreator.statusCode).toBe(404);
  });
});
