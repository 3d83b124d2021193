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
    });
    expect(received.id).toBeGreaterThan(0);
    await aStream.waitFor((event) => event.event === 'message.created');

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
    expect(listed.items.map((item) => item.kind)).toEqual(['like', 'follow']);
    expect(JSON.stringify(listed)).not.toContain(fan.email);
    await post(t, '/api/notifications/read', {}, { token: creator.token });
    expect((await get(t, '/api/notifications', creator.token)).json<NotificationList>().unread).toBe(0);
  });
});
