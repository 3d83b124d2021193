import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayload, NotificationList } from '../../../common/events.ts';
import type { Conversation } from '../../../common/schemas/messages.ts';
import { type AccountsTestApp, bearer, get, post, signUpVerified, uniqueEmail } from '../../test/accounts.ts';
import { buildCreator, buildPost } from '../../test/creators.ts';
import { createMediaTestApp, listen } from '../../test/media.ts';
import { openEventStream, type SseStream } from '../../test/sse.ts';

describe('the event stream', () => {
  let t: AccountsTestApp;
  let baseUrl: string;
  const streams: SseStream[] = [];
  const adminEmail = uniqueEmail('admin');
  let admin: { token: string };
  beforeAll(async () => {
    t = await createMediaTestApp({ ADMIN_EMAILS: adminEmail });
    baseUrl = await listen(t);
    admin = await signUpVerified(t, { email: adminEmail });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.close();
  });
  const stream = async (token: string, lastEventId?: number) => {
    const opened = await openEventStream(baseUrl, token, lastEventId ? { lastEventId } : {});
    streams.push(opened);
    await opened.waitFor((event) => event.event === 'ready');
    return opened;
  };
  const open = async (token: string, userId: string) =>
    (await post(t, '/api/conversations', { userId }, { token })).json<Conversation>();

  it('needs a bearer token', async () => {
    const response = await fetch(`${baseUrl}/api/events`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'Unauthorized' });
  });

  it('delivers new messages and read receipts to both sides at once, numbered', async () => {
    const [a, b] = await Promise.all([signUpVerified(t), signUpVerified(t)]);
    const [aStream, bStream] = await Promise.all([stream(a.token), stream(b.token)]);
    const conversation = await open(a.token, b.user.id);
    await post(t, `/api/conversations/${conversation.id}/messages`, { text: 'live!' }, { token: a.token });

    const received = await bStream.waitFor((event) => event.event === 'message.created');
    expect((received.data as EventPayload<'message.created'>).message).toMatchObject({
      text: 'live!',
      senderId: a.user.id,
      canReport: true,
    });
    expect(received.id).toBeGreaterThan(0);
    // The sender's own tabs get the same message, which they may not report.
    const own = await aStream.waitFor((event) => event.event === 'message.created');
    expect((own.data as EventPayload<'message.created'>).message).toMatchObject({
      text: 'live!',
      canReport: false,
    });

    await post(t, `/api/conversations/${conversation.id}/read`, {}, { token: b.token });
    const receipt = await aStream.waitFor((event) => event.event === 'message.read');
    expect(receipt.data).toMatchObject({ conversationId: conversation.id, readerId: b.user.id });
  });

  it('replays what a dropped stream missed when it reconnects with Last-Event-ID, and nothing twice', async () => {
    const [a, b] = await Promise.all([signUpVerified(t), signUpVerified(t)]);
    const conversation = await open(a.token, b.user.id);
    const first = await stream(b.token);
    await post(t, `/api/conversations/${conversation.id}/messages`, { text: 'one' }, { token: a.token });
    const seen = await first.waitFor((event) => event.event === 'message.created');
    first.close();

    for (const text of ['two', 'three']) {
      await post(t, `/api/conversations/${conversation.id}/messages`, { text }, { token: a.token });
    }
    const again = await stream(b.token, seen.id ?? 0);
    const texts = again.events
      .filter((event) => event.event === 'message.created')
      .map((event) => (event.data as EventPayload<'message.created'>).message.text);
    expect(texts).toEqual(['two', 'three']);
    await post(t, `/api/conversations/${conversation.id}/messages`, { text: 'four' }, { token: a.token });
    await again.waitFor(
      (event) =>
        event.event === 'message.created' &&
        (event.data as EventPayload<'message.created'>).message.text === 'four',
    );
  });

  it('notifies a creator of new followers and likes, with an unread count', async () => {
    const creator = await buildCreator(t, { approveWith: admin.token });
    // The approval is the creator's first notification; read, it leaves the count at 0.
    await post(t, '/api/notifications/read', {}, { token: creator.token });
    const fan = await signUpVerified(t, { firstName: 'Fiona', lastName: 'Fan' });
    const creatorStream = await stream(creator.token);
    await t.app.inject({
      method: 'POST',
      url: `/api/creators/${creator.creator.handle}/follow`,
      headers: bearer(fan.token),
    });
    // Following again adds nothing.
    await t.app.inject({
      method: 'POST',
      url: `/api/creators/${creator.creator.handle}/follow`,
      headers: bearer(fan.token),
    });
    const followed = await creatorStream.waitFor((event) => event.event === 'notification');
    expect(followed.data).toMatchObject({
      notification: { kind: 'follow', text: 'Fiona Fan followed you' },
      unread: 1,
    });

    const created = await buildPost(t, creator.token, { youtube: true });
    await t.app.inject({ method: 'POST', url: `/api/posts/${created.id}/like`, headers: bearer(fan.token) });
    const liked = await creatorStream.waitFor(
      (event) => event.event === 'notification' && (event.data as { unread: number }).unread === 2,
    );
    expect(liked.data).toMatchObject({ notification: { kind: 'like', text: 'Fiona Fan liked your post' } });

    const listed = (await get(t, '/api/notifications', creator.token)).json<NotificationList>();
    expect(listed.unread).toBe(2);
    expect(listed.items.map((item) => item.kind)).toEqual(['like', 'follow', 'creator_review']);
    expect(JSON.stringify(listed)).not.toContain(fan.email);
    await post(t, '/api/notifications/read', {}, { token: creator.token });
    expect((await get(t, '/api/notifications', creator.token)).json<NotificationList>().unread).toBe(0);
  });

  describe('conversation.updated, when whether two people may write to each other changes', () => {
    const updates = (opened: SseStream, conversationId: string) =>
      opened.events.filter(
        (event) =>
          event.event === 'conversation.updated' &&
          (event.data as EventPayload<'conversation.updated'>).conversationId === conversationId,
      ).length;
    /** Waits until both streams have seen `count` updates of the conversation. */
    const bothSee = async (streamsOf: SseStream[], conversationId: string, count: number) => {
      for (const opened of streamsOf) {
        await opened.waitFor(
          (event) => event.event === 'conversation.updated' && updates(opened, conversationId) >= count,
        );
        expect(updates(opened, conversationId)).toBe(count);
      }
    };
    const conversationOf = async (token: string, id: string) =>
      (await get(t, `/api/conversations/${id}`, token)).json<Conversation>();

    it('goes to both sides on a block, an unblock and Delete User, and the chat state follows', async () => {
      const [a, b] = await Promise.all([signUpVerified(t), signUpVerified(t)]);
      const conversation = await open(a.token, b.user.id);
      const both = await Promise.all([stream(a.token), stream(b.token)]);

      expect((await post(t, '/api/me/blocks', { userId: b.user.id }, { token: a.token })).statusCode).toBe(
        200,
      );
      await bothSee(both, conversation.id, 1);
      expect(await conversationOf(b.token, conversation.id)).toMatchObject({ canSend: false });
      expect((await conversationOf(b.token, conversation.id)).cannotSendReason).toBeTruthy();

      const unblocked = await t.app.inject({
        method: 'DELETE',
        url: `/api/me/blocks/${b.user.id}`,
        headers: bearer(a.token),
      });
      expect(unblocked.statusCode).toBe(200);
      await bothSee(both, conversation.id, 2);
      expect(await conversationOf(b.token, conversation.id)).toMatchObject({ canSend: true });

      // Delete User is for someone blocked: blocked again, then removed.
      await post(t, '/api/me/blocks', { userId: b.user.id }, { token: a.token });
      await bothSee(both, conversation.id, 3);
      const removed = await post(t, `/api/me/blocks/${b.user.id}/remove`, {}, { token: a.token });
      expect(removed.statusCode).toBe(200);
      await bothSee(both, conversation.id, 4);
    });

    it('says nothing when the two have no conversation', async () => {
      const [a, b] = await Promise.all([signUpVerified(t), signUpVerified(t)]);
      const aStream = await stream(a.token);
      await post(t, '/api/me/blocks', { userId: b.user.id }, { token: a.token });
      // A message to a third person arrives after the block: nothing about the block came before it.
      const c = await signUpVerified(t);
      const other = await open(a.token, c.user.id);
      await post(t, `/api/conversations/${other.id}/messages`, { text: 'after' }, { token: a.token });
      await aStream.waitFor((event) => event.event === 'message.created');
      expect(aStream.events.filter((event) => event.event === 'conversation.updated')).toEqual([]);
    });

    it('goes to every conversation partner of a creator who switches to subscribers-only messages', async () => {
      const creator = await buildCreator(t, { approveWith: admin.token });
      const [fan1, fan2] = await Promise.all([signUpVerified(t), signUpVerified(t)]);
      const first = await open(fan1.token, creator.user.id);
      const second = await open(fan2.token, creator.user.id);
      const [creatorStream, fan1Stream, fan2Stream] = await Promise.all([
        stream(creator.token),
        stream(fan1.token),
        stream(fan2.token),
      ]);
      const put = (subscribersOnly: boolean) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/creators/me/message-settings',
          headers: bearer(creator.token),
          payload: { subscribersOnly },
        });

      expect((await put(true)).statusCode).toBe(200);
      await bothSee([creatorStream, fan1Stream], first.id, 1);
      await bothSee([creatorStream, fan2Stream], second.id, 1);
      expect(await conversationOf(fan1.token, first.id)).toMatchObject({ canSend: false });

      // Saving the same choice again changes nothing, so nothing is announced; switching back is.
      expect((await put(true)).statusCode).toBe(200);
      expect((await put(false)).statusCode).toBe(200);
      await bothSee([creatorStream, fan1Stream], first.id, 2);
      expect(await conversationOf(fan1.token, first.id)).toMatchObject({ canSend: true });
    });
  });
});
