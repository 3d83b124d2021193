import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, MessagePage } from '../../../common/schemas/messages.ts';
import { type ReportView, safetyMessages } from '../../../common/schemas/safety.ts';
import { type AccountsTestApp, get, post, signUpVerified, uniqueEmail } from '../../test/accounts.ts';

const DAY = 86_400_000;

import { buildCreator, buildPost } from '../../test/creators.ts';
import { createMediaTestApp } from '../../test/media.ts';

describe('reports and moderation', () => {
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

  const queue = async (status = 'open') =>
    (await get(t, `/api/admin/reports?status=${status}`, admin.token)).json<{ items: ReportView[] }>().items;
  const resolve = (id: string, body: object, token = admin.token) =>
    post(t, `/api/admin/reports/${id}/resolve`, body, { token });

  it('takes reports of posts, profiles and messages, and shows admins the queue with each age', async () => {
    const creator = await buildCreator(t, { approveWith: admin.token });
    const fan = await signUpVerified(t);
    const postView = await buildPost(t, creator.token, { youtube: true, description: 'Questionable post' });
    const conversation = (
      await post(t, '/api/conversations', { userId: fan.user.id }, { token: creator.token })
    ).json<Conversation>();
    await post(
      t,
      `/api/conversations/${conversation.id}/messages`,
      { text: 'rude message' },
      { token: creator.token },
    );
    const messageId = (
      await get(t, `/api/conversations/${conversation.id}/messages`, fan.token)
    ).json<MessagePage>().items[0]?.id;

    const report = (targetType: string, targetId: string, token = fan.token) =>
      post(t, '/api/reports', { targetType, targetId, reason: 'harassment', details: 'see this' }, { token });
    expect((await report('post', postView.id)).json()).toMatchObject({ message: safetyMessages.reported });
    t.clock.advance(2 * DAY);
    expect((await report('profile', creator.creator.id)).statusCode).toBe(201);
    expect((await report('message', messageId as string)).statusCode).toBe(201);
    // Only people in a conversation can report its messages; unknown targets are refused.
    const outsider = await signUpVerified(t);
    expect((await report('message', messageId as string, outsider.token)).statusCode).toBe(404);
    expect((await report('post', '0195f3c1-7d4e-7000-8000-000000000000')).statusCode).toBe(404);

    expect((await get(t, '/api/admin/reports', fan.token)).statusCode).toBe(403);
    const items = (await queue()).filter((item) => item.target?.owner?.id === creator.user.id);
    expect(items.map((item) => [item.targetType, item.ageDays])).toEqual([
      ['post', 2],
      ['profile', 0],
      ['message', 0],
    ]);
    expect(items[0]).toMatchObject({
      reason: 'harassment',
      details: 'see this',
      target: { summary: 'Questionable post', removed: false },
    });
    expect(items[2]?.target?.summary).toBe('rude message');
  });

  it('resolves with removal of the content, and suspends an account so it cannot sign in', async () => {
    const creator = await buildCreator(t, { approveWith: admin.token });
    const fan = await signUpVerified(t);
    const postView = await buildPost(t, creator.token, { youtube: true, description: 'To be removed' });
    const reported = (
      await post(
        t,
        '/api/reports',
        { targetType: 'post', targetId: postView.id, reason: 'nudity' },
        { token: fan.token },
      )
    ).json<{
      id: string;
    }>();

    expect((await resolve(reported.id, { resolution: '' })).statusCode).toBe(400);
    expect((await resolve(reported.id, { resolution: 'x' }, fan.token)).statusCode).toBe(403);
    const resolved = await resolve(reported.id, {
      resolution: 'Removed and suspended',
      removeContent: true,
      suspendAccount: true,
    });
    expect(resolved.json()).toMatchObject({
      status: 'resolved',
      resolution: 'Removed and suspended',
      target: { removed: true, summary: '(removed)', owner: { suspended: true } },
    });
    expect((await get(t, `/api/posts/${postView.id}`, admin.token)).statusCode).toBe(404);
    expect((await resolve(reported.id, { resolution: 'again' })).statusCode).toBe(409);
    expect((await queue()).map((item) => item.id)).not.toContain(reported.id);
    expect((await queue('resolved')).map((item) => item.id)).toContain(reported.id);

    // The suspended creator's session is over, and signing in is refused.
    expect((await get(t, '/api/auth/profile', creator.token)).statusCode).toBe(401);
    const signIn = await post(t, '/api/auth/signin', { email: creator.email, password: creator.password });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toMatchObject({ message: safetyMessages.suspended });
  });

  it('removes a reported message and unlists a reported profile', async () => {
    const creator = await buildCreator(t, { approveWith: admin.token });
    const fan = await signUpVerified(t);
    const conversation = (
      await post(t, '/api/conversations', { userId: creator.user.id }, { token: fan.token })
    ).json<Conversation>();
    await post(
      t,
      `/api/conversations/${conversation.id}/messages`,
      { text: 'spam spam' },
      { token: fan.token },
    );
    const messageId = (
      await get(t, `/api/conversations/${conversation.id}/messages`, creator.token)
    ).json<MessagePage>().items[0]?.id;
    const onMessage = (
      await post(
        t,
        '/api/reports',
        { targetType: 'message', targetId: messageId, reason: 'spam' },
        { token: creator.token },
      )
    ).json<{ id: string }>();
    await resolve(onMessage.id, { resolution: 'Message removed', removeContent: true });
    expect(
      (await get(t, `/api/conversations/${conversation.id}/messages`, creator.token)).json<MessagePage>()
        .items,
    ).toHaveLength(0);

    const onProfile = (
      await post(
        t,
        '/api/reports',
        { targetType: 'profile', targetId: creator.creator.id, reason: 'impersonation' },
        { token: fan.token },
      )
    ).json<{ id: string }>();
    await resolve(onProfile.id, { resolution: 'Impersonating someone', removeContent: true });
    expect((await get(t, `/api/creators/${creator.creator.handle}`, fan.token)).statusCode).toBe(404);
    expect((await get(t, '/api/creators/me', creator.token)).json()).toMatchObject({
      creator: { status: 'rejected', rejectionReason: 'Impersonating someone' },
    });
  });

  it('keeps showing what was reported after a resolution that removed nothing', async () => {
    const creator = await buildCreator(t, { approveWith: admin.token });
    const fan = await signUpVerified(t);
    const postView = await buildPost(t, creator.token, { youtube: true, description: 'Borderline' });
    const { id } = (
      await post(
        t,
        '/api/reports',
        { targetType: 'post', targetId: postView.id, reason: 'spam' },
        { token: fan.token },
      )
    ).json<{ id: string }>();
    expect((await resolve(id, { resolution: 'Within the rules' })).json()).toMatchObject({
      status: 'resolved',
      target: { summary: 'Borderline', removed: false, owner: { suspended: false } },
    });
    const resolved = (await queue('resolved')).find((item) => item.id === id);
    expect(resolved?.target).toMatchObject({ summary: 'Borderline', removed: false });
    expect((await get(t, `/api/posts/${postView.id}`, fan.token)).statusCode).toBe(200);
  });
});
