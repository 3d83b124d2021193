import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Conversation,
  type ConversationList,
  type MessagePage,
  messageMessages,
} from '../../../common/schemas/messages.ts';
import { createEntitlementsRepository } from '../../repositories/billing/fan-payments/entitlements.repository.ts';
import { createBlocksRepository } from '../../repositories/safety/blocks.repository.ts';
import {
  type AccountsTestApp,
  bearer,
  get,
  post,
  signUp,
  signUpVerified,
  uniqueEmail,
} from '../../test/accounts.ts';
import { buildCreator } from '../../test/creators.ts';
import { createMediaTestApp } from '../../test/media.ts';

describe('messages', () => {
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

  const open = async (token: string, userId: string) =>
    (await post(t, '/api/conversations', { userId }, { token })).json<Conversation>();
  const send = (token: string, id: string, text: string, clientId?: string) =>
    post(t, `/api/conversations/${id}/messages`, { text, ...(clientId ? { clientId } : {}) }, { token });
  const list = async (token: string, query = '') =>
    (await get(t, `/api/conversations${query}`, token)).json<ConversationList>();

  it('keeps one conversation per pair, with previews, unread dots and read receipts', async () => {
    const [ada, ben] = await Promise.all([
      signUpVerified(t, { firstName: 'Ada', lastName: 'One' }),
      signUpVerified(t, { firstName: 'Ben', lastName: 'Two' }),
    ]);
    const fromAda = await open(ada.token, ben.user.id);
    const fromBen = await open(ben.token, ada.user.id);
    expect(fromBen.id).toBe(fromAda.id);
    expect(fromAda).toMatchObject({
      other: { id: ben.user.id, name: 'Ben Two' },
      canSend: true,
      lastMessage: null,
    });

    const long = 'Hello Ben! This is a rather long first message to you.';
    const sent = await send(ada.token, fromAda.id, long);
    expect(sent.statusCode).toBe(201);
    // Only the other member may report a message (server/policies/actions/messages.ts).
    expect(sent.json()).toMatchObject({ text: long, canReport: false });
    const bensView = (await list(ben.token)).items[0];
    expect(bensView).toMatchObject({
      id: fromAda.id,
      unread: true,
      other: { name: 'Ada One' },
      lastMessage: { text: long, canReport: true },
    });
    expect((await list(ada.token)).items[0]).toMatchObject({
      unread: false,
      otherReadAt: null,
      lastMessage: { canReport: false },
    });

    expect(
      (await post(t, `/api/conversations/${fromAda.id}/read`, {}, { token: ben.token })).statusCode,
    ).toBe(204);
    expect((await list(ben.token)).items[0]?.unread).toBe(false);
    expect((await list(ada.token)).items[0]?.otherReadAt).not.toBeNull();

    const stranger = await signUpVerified(t);
    expect((await get(t, `/api/conversations/${fromAda.id}`, stranger.token)).statusCode).toBe(404);
    expect((await get(t, `/api/conversations/${fromAda.id}/messages`, stranger.token)).statusCode).toBe(404);
  });

  it('loads older messages page by page, and stores a retried send once', async () => {
    const [a, b] = await Promise.all([signUpVerified(t), signUpVerified(t)]);
    const conversation = await open(a.token, b.user.id);
    for (let i = 1; i <= 25; i += 1) await send(i % 2 ? a.token : b.token, conversation.id, `message ${i}`);
    const first = (
      await get(t, `/api/conversations/${conversation.id}/messages?limit=10`, a.token)
    ).json<MessagePage>();
    expect(first.items.map((m) => m.text)).toEqual(Array.from({ length: 10 }, (_, i) => `message ${16 + i}`));
    const second = (
      await get(
        t,
        `/api/conversations/${conversation.id}/messages?limit=10&cursor=${first.nextCursor}`,
        a.token,
      )
    ).json<MessagePage>();
    expect(second.items.map((m) => m.text)).toEqual(Array.from({ length: 10 }, (_, i) => `message ${6 + i}`));
    const third = (
      await get(
        t,
        `/api/conversations/${conversation.id}/messages?limit=10&cursor=${second.nextCursor}`,
        a.token,
      )
    ).json<MessagePage>();
    expect(third.items).toHaveLength(5);
    expect(third.nextCursor).toBeNull();
    // a's view: b's messages are reportable, a's own are not; b sees it the other way round.
    expect(first.items.every((m) => m.canReport === (m.senderId === b.user.id))).toBe(true);
    const bView = (
      await get(t, `/api/conversations/${conversation.id}/messages?limit=10`, b.token)
    ).json<MessagePage>();
    expect(bView.items.every((m) => m.canReport === (m.senderId === a.user.id))).toBe(true);
    expect(new Set(bView.items.map((m) => m.canReport))).toEqual(new Set([true, false]));

    const once = await send(a.token, conversation.id, 'sent twice', 'client-1');
    const again = await send(a.token, conversation.id, 'sent twice', 'client-1');
    expect(again.json()).toEqual(once.json());
    const latest = (
      await get(t, `/api/conversations/${conversation.id}/messages?limit=2`, a.token)
    ).json<MessagePage>();
    expect(latest.items.map((m) => m.text)).toEqual(['message 25', 'sent twice']);
  });

  it('refuses blank and oversized messages, unverified senders, and either side of a block', async () => {
    const [a, b] = await Promise.all([signUpVerified(t), signUpVerified(t)]);
    const conversation = await open(a.token, b.user.id);
    expect((await send(a.token, conversation.id, '   \n ')).json()).toMatchObject({
      message: messageMessages.blank,
    });
    expect((await send(a.token, conversation.id, 'x'.repeat(2001))).json()).toMatchObject({
      message: messageMessages.tooLong,
    });

    const { email } = await signUp(t);
    const unverified = (
      await post(t, '/api/auth/signin', { email, password: 'correct horse battery staple' })
    ).json<{
      token: string;
    }>();
    // An unverified account cannot start a conversation, nor write in one someone else started.
    const refused = await post(t, '/api/conversations', { userId: b.user.id }, { token: unverified.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    const unverifiedId = (await get(t, '/api/auth/profile', unverified.token)).json<{
      user: { id: string };
    }>().user.id;
    const started = await open(b.token, unverifiedId);
    const fromUnverified = (
      await get(t, `/api/conversations/${started.id}`, unverified.token)
    ).json<Conversation>();
    expect(fromUnverified).toMatchObject({ canSend: false, cannotSendReason: messageMessages.verify });
    expect((await send(unverified.token, fromUnverified.id, 'hi')).json()).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
    });

    await createBlocksRepository(t.app.services.database.db).block(b.user.id, a.user.id, new Date());
    for (const [token, id] of [
      [a.token, conversation.id],
      [b.token, conversation.id],
    ] as const) {
      const refused = await send(token, id, 'still there?');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: messageMessages.blocked });
    }
    expect((await post(t, '/api/conversations', { userId: b.user.id }, { token: a.token })).statusCode).toBe(
      404,
    );
    expect((await post(t, '/api/conversations', { userId: a.user.id }, { token: a.token })).statusCode).toBe(
      403,
    );
  });

  it('limits how fast one user sends', async () => {
    const [a, b] = await Promise.all([signUpVerified(t), signUpVerified(t)]);
    const conversation = await open(a.token, b.user.id);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1)
      statuses.push((await send(a.token, conversation.id, `spam ${i}`)).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('lets a creator take messages from subscribers only, and says so to everyone else', async () => {
    const creator = await buildCreator(t, {
      approveWith: admin.token,
      draft: { displayName: 'Quiet Creator' },
    });
    const [fan, subscriber] = await Promise.all([signUpVerified(t), signUpVerified(t)]);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/creators/me/message-settings',
      payload: { subscribersOnly: true },
      headers: bearer(creator.token),
    });
    expect(put.json()).toEqual({ subscribersOnly: true });
    const now = t.clock.now();
    await createEntitlementsRepository(t.app.services.database.db).grantSubscription(
      subscriber.user.id,
      creator.creator.id,
      new Date(now.getTime() + 86_400_000),
      now,
    );

    const fans = await open(fan.token, creator.user.id);
    expect(fans).toMatchObject({
      canSend: false,
      cannotSendReason: messageMessages.subscribersOnly('Quiet Creator'),
    });
    expect((await send(fan.token, fans.id, 'hello?')).statusCode).toBe(403);
    const subscribers = await open(subscriber.token, creator.user.id);
    expect(subscribers.canSend).toBe(true);
    expect((await send(subscriber.token, subscribers.id, 'hello!')).statusCode).toBe(201);
    // The creator may still write to the fan first.
    expect((await send(creator.token, fans.id, 'Welcome!')).statusCode).toBe(201);
    expect(fans.other).toMatchObject({ name: 'Quiet Creator', handle: creator.creator.handle });
  });

  it('finds conversations by the other person’s name or handle', async () => {
    const me = await signUpVerified(t);
    const creator = await buildCreator(t, {
      approveWith: admin.token,
      draft: { displayName: 'Zelda Frames', handle: 'zframes' },
    });
    const plain = await signUpVerified(t, { firstName: 'Yusuf', lastName: 'Plain' });
    for (const other of [creator.user.id, plain.user.id]) {
      const conversation = await open(me.token, other);
      await send(me.token, conversation.id, 'hi');
    }
    const names = async (q: string) =>
      (await list(me.token, `?q=${encodeURIComponent(q)}`)).items.map((c) => c.other.name);
    expect(await names('zfram')).toEqual(['Zelda Frames']);
    expect(await names('yusuf')).toEqual(['Yusuf Plain']);
    expect((await names('')).length).toBe(2);
  });
});
