import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList, NotificationSettings } from '../../../common/events.ts';
import type { CreatorProfile, CreatorReviewList } from '../../../common/schemas/creators.ts';
import { type AccountsTestApp, bearer, get, signUpVerified, uniqueEmail } from '../../test/accounts.ts';
import { buildCreator } from '../../test/creators.ts';
import { createMediaTestApp, fetchUrl, pathOf } from '../../test/media.ts';

describe('creator review (admin)', () => {
  let t: AccountsTestApp;
  const adminEmail = uniqueEmail('admin');
  let admin: { token: string };
  beforeAll(async () => {
    t = await createMediaTestApp({ ADMIN_EMAILS: adminEmail });
    admin = await signUpVerified(t, { email: adminEmail });
  });
  afterAll(async () => {
    await t.close();
  });

  const review = (token: string, id: string, action: 'approve' | 'reject', payload?: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/creators/${id}/${action}`,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });
  const queue = async (status = 'pending_review') =>
    (await get(t, `/api/admin/creators?status=${status}`, admin.token)).json<CreatorReviewList>();

  it('is for admins only', async () => {
    const { token, creator } = await buildCreator(t);
    expect((await get(t, '/api/admin/creators')).statusCode).toBe(401);
    expect((await get(t, '/api/admin/creators', token)).statusCode).toBe(403);
    expect((await review(token, creator.id, 'approve')).statusCode).toBe(403);
    expect((await get(t, `/api/creators/${creator.id}`, token)).json()).toMatchObject({
      status: 'pending_review',
    });
  });

  it('lists pending creators with their account and a document only an admin can open', async () => {
    const { token, email, creator } = await buildCreator(t, {
      draft: { country: 'Taiwan', identity: 'Other' },
    });
    const item = (await queue()).items.find((entry) => entry.creator.id === creator.id);
    expect(item).toMatchObject({
      account: { email },
      country: 'Taiwan',
      identity: 'Other',
      reviewedAt: null,
    });
    const documentUrl = item?.document?.urls.document;
    expect(documentUrl).toBeTruthy();
    const path = pathOf(t, documentUrl as string);

    const asAdmin = await fetchUrl(t, documentUrl as string, bearer(admin.token));
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.body.startsWith('%PDF')).toBe(true);
    // Not its owner, not another user, not anonymous: the link alone opens nothing.
    const fan = await signUpVerified(t);
    for (const headers of [bearer(token), bearer(fan.token), {}]) {
      expect((await t.app.inject({ method: 'GET', url: path, headers })).statusCode).toBe(404);
    }
  });

  it('approves: the creator is told by email, listed, and followable', async () => {
    const { email, creator } = await buildCreator(t);
    const fan = await signUpVerified(t);
    const approved = await review(admin.token, creator.id, 'approve');
    expect(approved.json()).toMatchObject({ id: creator.id, status: 'approved' });
    const mail = await t.smtp.waitFor((m) => m.to.includes(email) && /approved/.test(m.subject));
    expect(mail.text).toContain(`/public-profile/${creator.handle}`);
    expect((await queue()).items.map((entry) => entry.creator.id)).not.toContain(creator.id);
    expect((await queue('approved')).items.map((entry) => entry.creator.id)).toContain(creator.id);
    expect((await get(t, `/api/creators/${creator.handle}`, fan.token)).statusCode).toBe(200);
    const follow = await t.app.inject({
      method: 'POST',
      url: `/api/creators/${creator.handle}/follow`,
      headers: bearer(fan.token),
    });
    expect(follow.json()).toEqual({ following: true, followers: 1 });
  });

  it('rejects with a reason that only the creator and admins see', async () => {
    const { token, email, creator } = await buildCreator(t);
    const missingReason = await review(admin.token, creator.id, 'reject', { reason: '  ' });
    expect(missingReason.statusCode).toBe(400);
    expect(missingReason.json()).toMatchObject({ message: 'Please give the creator a reason' });

    const rejected = await review(admin.token, creator.id, 'reject', {
      reason: 'The document is unreadable',
    });
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The document is unreadable',
    });
    const mail = await t.smtp.waitFor((m) => m.to.includes(email) && /not approved/.test(m.subject));
    expect(mail.text).toContain('The document is unreadable');
    const own = (await get(t, '/api/creators/me', token)).json<{ creator: CreatorProfile }>();
    expect(own.creator).toMatchObject({ status: 'rejected', rejectionReason: 'The document is unreadable' });
    expect((await get(t, `/api/creators/${creator.handle}`)).statusCode).toBe(404);

    // Approving later clears the reason, and the page opens to everyone without it.
    await review(admin.token, creator.id, 'approve');
    expect((await get(t, `/api/creators/${creator.handle}`)).json()).toMatchObject({
      status: 'approved',
      rejectionReason: null,
    });
  });

  it('tells the creator in the app too, approved or not, with a link to their page and no admin named', async () => {
    const { token, creator } = await buildCreator(t);
    const bell = async () => (await get(t, '/api/notifications', token)).json<NotificationList>();
    expect((await bell()).items).toEqual([]);

    await review(admin.token, creator.id, 'reject', { reason: 'The document is unreadable' });
    const rejected = await bell();
    expect(rejected.unread).toBe(1);
    expect(rejected.items[0]).toMatchObject({
      kind: 'creator_review',
      text: `We could not approve your creator page @${creator.handle} yet. Reason: The document is unreadable`,
      actor: null,
      link: `/public-profile/${creator.handle}`,
      read: false,
    });

    await review(admin.token, creator.id, 'approve');
    const approved = await bell();
    expect(approved.unread).toBe(2);
    expect(approved.items[0]).toMatchObject({
      kind: 'creator_review',
      text: `Your creator page @${creator.handle} is approved: fans can now find you, follow you and subscribe.`,
      actor: null,
      link: `/public-profile/${creator.handle}`,
    });
    // In Settings as a kind of its own, in the bell and by push; its email always goes.
    const settings = (await get(t, '/api/me/notification-settings', token)).json<NotificationSettings>();
    expect(settings.items.find((item) => item.kind === 'creator_review')).toEqual({
      kind: 'creator_review',
      label: 'Your creator page review',
      inApp: true,
      email: null,
      push: true,
    });
  });

  it('answers 404 for an unknown creator and 400 for a malformed id', async () => {
    expect((await review(admin.token, '0195f3c1-7d4e-7000-8000-000000000000', 'approve')).statusCode).toBe(
      404,
    );
    expect((await review(admin.token, 'not-an-id', 'approve')).statusCode).toBe(400);
  });
});
