import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutResponse, SubscriberList } from '../../../common/schemas/fan-payments.ts';
import type {
  FanList,
  FanListList,
  MassMessageAudienceCounts,
  MassMessageList,
  MassMessageView,
} from '../../../common/schemas/mass-messages.ts';
import type { ChatMessage, ConversationList, MessagePage } from '../../../common/schemas/messages.ts';
import { massMessageRecipients, messages } from '../../db/schema/index.ts';
import { createMassMessagesRepository } from '../../repositories/messages/mass-messages.repository.ts';
import {
  accountBalance,
  call,
  createFanPaymentTestApp,
  creator,
  db,
  type FanPaymentTestApp,
  fan,
  ledgerBalanced,
  massMessageDelivered,
  ok,
  pay,
  settle,
  subscribed,
  verify,
} from '../../test/billing/fan-payments.ts';
import { listen, uploadedPhoto, urlsIn } from '../../test/media.ts';
import { openEventStream } from '../../test/sse.ts';

type Account = Awaited<ReturnType<typeof fan>>;
type Creator = Awaited<ReturnType<typeof creator>>;

const photo = uploadedPhoto;

const send = (t: FanPaymentTestApp, token: string, body: object) =>
  call(t, 'POST', '/api/mass-messages', token, { text: '', ...body });

const delivered = massMessageDelivered;

/** The messages a fan has from this creator. */
async function inbox(t: FanPaymentTestApp, account: Account, from: Creator): Promise<ChatMessage[]> {
  const list = await ok<ConversationList>(call(t, 'GET', '/api/conversations', account.token));
  const conversation = list.items.find((item) => item.other.id === from.user.id);
  if (!conversation) return [];
  const page = await ok<MessagePage>(
    call(t, 'GET', `/api/conversations/${conversation.id}/messages`, account.token),
  );
  return page.items.filter((message) => message.senderId === from.user.id);
}

describe('mass messages (sandbox)', () => {
  let t: FanPaymentTestApp;
  beforeAll(async () => {
    t = await createFanPaymentTestApp('sandbox', { runJobs: true });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });
  afterEach(async () => {
    await settle(t);
    await ledgerBalanced(t);
  });

  it('sends one message to every active subscriber but a blocked one, live, in batches behind the request; then counts views, purchases and earnings', async () => {
    const owner = await creator(t);
    const handle = owner.creator.handle;
    const fans = await Promise.all([fan(t), fan(t), fan(t), fan(t)]);
    const [ada, bea, cai, blocker] = fans as [Account, Account, Account, Account];
    for (const account of fans) await subscribed(t, account.token, handle);
    const follower = await fan(t);
    await ok(call(t, 'POST', `/api/creators/${handle}/follow`, follower.token));
    const blocked = await call(t, 'POST', '/api/me/blocks', blocker.token, { userId: owner.user.id });
    expect(blocked.statusCode).toBe(200);

    const counts = await ok<MassMessageAudienceCounts>(
      call(t, 'GET', '/api/mass-messages/audiences', owner.token),
    );
    expect(counts).toMatchObject({ subscribers: 3, followers: 1, expired: 0, lists: [] });

    const baseUrl = await listen(t);
    const stream = await openEventStream(baseUrl, ada.token);
    try {
      await stream.waitFor((event) => event.event === 'ready');
      const item = await photo(t, owner.token);
      const sent = await ok<MassMessageView>(
        send(t, owner.token, {
          audience: 'subscribers',
          text: 'New set is out',
          mediaIds: [item],
          price: '5',
        }),
        202,
      );
      expect(sent).toMatchObject({
        audience: 'subscribers',
        audienceName: 'All active subscribers',
        recipients: 3,
        itemCount: 1,
        price: { amount: 500, currency: 'USD' },
      });
      // Ada's open tab gets it as she sees it: locked, previews only.
      const live = await stream.waitFor((event) => event.event === 'message.created');
      const pushed = (live.data as { message: ChatMessage }).message;
      expect(pushed).toMatchObject({ text: 'New set is out', attachment: { locked: true, canUnlock: true } });
      expect(pushed.attachment?.items.flatMap(urlsIn).every((url) => url.endsWith('/preview'))).toBe(true);

      const done = await delivered(t, owner.token, sent.id);
      expect(done).toMatchObject({
        recipients: 3,
        delivered: 3,
        viewed: 0,
        purchased: 0,
        earned: { amount: 0 },
      });
      for (const account of [ada, bea, cai]) {
        const got = await inbox(t, account, owner);
        expect(got.map((message) => message.text)).toEqual(['New set is out']);
      }
      expect(await inbox(t, blocker, owner)).toEqual([]);
      expect(await inbox(t, follower, owner)).toEqual([]);

      // Bea opens it; Cai buys it.
      const beaChats = await ok<ConversationList>(call(t, 'GET', '/api/conversations', bea.token));
      await ok(call(t, 'POST', `/api/conversations/${beaChats.items[0]?.id}/read`, bea.token), 204);
      const [caiMessage] = await inbox(t, cai, owner);
      const checkout = await ok<CheckoutResponse>(
        call(t, 'POST', `/api/messages/${caiMessage?.id}/unlock`, cai.token),
      );
      await pay(t, checkout);
      expect((await verify(t, cai.token, checkout.reference)).status).toBe('succeeded');
      await settle(t);
      const stats = await ok<MassMessageView>(call(t, 'GET', `/api/mass-messages/${sent.id}`, owner.token));
      expect(stats).toMatchObject({ viewed: 1, purchased: 1, earned: { amount: 400, currency: 'USD' } });
      expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBeLessThan(0);

      const list = await ok<MassMessageList>(call(t, 'GET', '/api/mass-messages', owner.token));
      expect(list.items.map((item) => item.id)).toEqual([sent.id]);
    } finally {
      stream.close();
    }
  });

  it('says so instead of sending to nobody, and keeps it to approved creators', async () => {
    const owner = await creator(t);
    const nobody = await send(t, owner.token, { audience: 'subscribers', text: 'Hello?' });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().message).toBe('No one to send this to: this audience is empty right now.');
    const history = await ok<MassMessageList>(call(t, 'GET', '/api/mass-messages', owner.token));
    expect(history.items).toEqual([]);

    const someone = await fan(t);
    const refused = await send(t, someone.token, { audience: 'followers', text: 'hi' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only approved creators can send mass messages');
    expect((await call(t, 'GET', '/api/mass-messages/audiences', someone.token)).statusCode).toBe(403);

    const blank = await send(t, owner.token, { audience: 'followers', text: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please write a message');
    const priceOnly = await send(t, owner.token, { audience: 'followers', text: 'x', price: '3' });
    expect(priceOnly.statusCode).toBe(400);
    const noList = await send(t, owner.token, { audience: 'list', text: 'x' });
    expect(noList.statusCode).toBe(400);
    expect(noList.json().message).toBe('Choose one of your lists');
  });

  it("sends to one of the creator's lists of fans, and to followers and expired subscribers", async () => {
    const owner = await creator(t);
    const other = await creator(t);
    const handle = owner.creator.handle;
    const [kept, lapsed, follower, stranger] = [await fan(t), await fan(t), await fan(t), await fan(t)];
    await subscribed(t, kept.token, handle);
    await subscribed(t, lapsed.token, handle);
    await ok(call(t, 'POST', `/api/creators/${handle}/follow`, follower.token));
    // The creator ends Lapsed's subscription: an expired subscriber now.
    const subscribers = await ok<SubscriberList>(call(t, 'GET', '/api/creators/me/subscribers', owner.token));
    const lapsedRow = subscribers.items.find((row) => row.userId === lapsed.user.id);
    await ok(call(t, 'POST', `/api/creators/me/subscribers/${lapsedRow?.id}/unsubscribe`, owner.token));
    await settle(t);

    const vip = await ok<FanList>(call(t, 'POST', '/api/fan-lists', owner.token, { name: 'VIP' }), 201);
    const taken = await call(t, 'POST', '/api/fan-lists', owner.token, { name: 'vip' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('You already have a list with this name');
    await ok(call(t, 'PUT', `/api/fan-lists/${vip.id}/members/${kept.user.id}`, owner.token), 204);
    await ok(call(t, 'PUT', `/api/fan-lists/${vip.id}/members/${follower.user.id}`, owner.token), 204);
    const notAFan = await call(t, 'PUT', `/api/fan-lists/${vip.id}/members/${stranger.user.id}`, owner.token);
    expect(notAFan.statusCode).toBe(404);
    // Another creator sees nothing of it.
    expect(
      (await call(t, 'PUT', `/api/fan-lists/${vip.id}/members/${kept.user.id}`, other.token)).statusCode,
    ).toBe(404);
    const lists = await ok<FanListList>(call(t, 'GET', `/api/fan-lists?fan=${kept.user.id}`, owner.token));
    expect(lists.items).toEqual([{ id: vip.id, name: 'VIP', count: 2, hasFan: true }]);

    const counts = await ok<MassMessageAudienceCounts>(
      call(t, 'GET', '/api/mass-messages/audiences', owner.token),
    );
    expect(counts).toMatchObject({
      subscribers: 1,
      followers: 1,
      expired: 1,
      lists: [{ id: vip.id, name: 'VIP', count: 2 }],
    });

    const toList = await ok<MassMessageView>(
      send(t, owner.token, { audience: 'list', listId: vip.id, text: 'Just for you two' }),
      202,
    );
    expect(toList).toMatchObject({ audienceName: 'VIP', recipients: 2 });
    await delivered(t, owner.token, toList.id);
    const toExpired = await ok<MassMessageView>(
      send(t, owner.token, { audience: 'expired', text: 'Come back' }),
      202,
    );
    expect(toExpired.recipients).toBe(1);
    await delivered(t, owner.token, toExpired.id);

    expect((await inbox(t, kept, owner)).map((message) => message.text)).toEqual(['Just for you two']);
    expect((await inbox(t, follower, owner)).map((message) => message.text)).toEqual(['Just for you two']);
    expect((await inbox(t, lapsed, owner)).map((message) => message.text)).toEqual(['Come back']);
    expect(await inbox(t, stranger, owner)).toEqual([]);
    // Free items need no unlock; another creator cannot read this one.
    expect((await call(t, 'GET', `/api/mass-messages/${toList.id}`, other.token)).statusCode).toBe(404);

    await ok(call(t, 'DELETE', `/api/fan-lists/${vip.id}`, owner.token), 204);
    const gone = await send(t, owner.token, { audience: 'list', listId: vip.id, text: 'x' });
    expect(gone.statusCode).toBe(400);
    expect(gone.json().message).toBe('List not found');
  });

  it('leaves out of every audience, its count and its delivery, a fan who blocked the creator or whom the creator blocked', async () => {
    const owner = await creator(t);
    const handle = owner.creator.handle;
    const [kept, blocker, blocked] = [await fan(t), await fan(t), await fan(t)];
    for (const account of [kept, blocker, blocked]) await subscribed(t, account.token, handle);
    // The creator ends all three subscriptions: three expired subscribers, all on one list.
    const subscribers = await ok<SubscriberList>(call(t, 'GET', '/api/creators/me/subscribers', owner.token));
    for (const row of subscribers.items)
      await ok(call(t, 'POST', `/api/creators/me/subscribers/${row.id}/unsubscribe`, owner.token));
    await settle(t);
    const lapsed = await ok<FanList>(call(t, 'POST', '/api/fan-lists', owner.token, { name: 'Lapsed' }), 201);
    for (const account of [kept, blocker, blocked])
      await ok(call(t, 'PUT', `/api/fan-lists/${lapsed.id}/members/${account.user.id}`, owner.token), 204);
    const counted = () =>
      ok<MassMessageAudienceCounts>(call(t, 'GET', '/api/mass-messages/audiences', owner.token));
    expect(await counted()).toMatchObject({
      subscribers: 0,
      expired: 3,
      lists: [{ id: lapsed.id, count: 3 }],
    });

    // A block either way takes the fan out of the count and out of the delivery.
    await ok(call(t, 'POST', '/api/me/blocks', blocker.token, { userId: owner.user.id }));
    await ok(call(t, 'POST', '/api/me/blocks', owner.token, { userId: blocked.user.id }));
    expect(await counted()).toMatchObject({
      subscribers: 0,
      followers: 0,
      expired: 1,
      lists: [{ id: lapsed.id, count: 1 }],
    });
    const toExpired = await ok<MassMessageView>(
      send(t, owner.token, { audience: 'expired', text: 'Come back' }),
      202,
    );
    expect(toExpired.recipients).toBe(1);
    expect(await delivered(t, owner.token, toExpired.id)).toMatchObject({ recipients: 1, delivered: 1 });
    const toList = await ok<MassMessageView>(
      send(t, owner.token, { audience: 'list', listId: lapsed.id, text: 'Still here?' }),
      202,
    );
    expect(toList.recipients).toBe(1);
    expect(await delivered(t, owner.token, toList.id)).toMatchObject({ recipients: 1, delivered: 1 });
    expect((await inbox(t, kept, owner)).map((message) => message.text).sort()).toEqual([
      'Come back',
      'Still here?',
    ]);
    expect(await inbox(t, blocker, owner)).toEqual([]);
    expect(await inbox(t, blocked, owner)).toEqual([]);
    for (const account of [blocker, blocked])
      expect(
        await db(t)
          .select()
          .from(messages)
          .where(eq(messages.clientId, `mass:${toExpired.id}:${account.user.id}`)),
      ).toEqual([]);

    // A block made after sending, before delivery: the delivery passes the fan over by the same rule.
    const repo = createMassMessagesRepository(db(t));
    const later = await repo.create({
      senderId: owner.user.id,
      creatorId: owner.creator.id,
      audience: 'expired',
      listId: null,
      audienceName: null,
      body: 'One more',
      priceCents: null,
      mediaIds: [],
      now: new Date(),
    });
    if (!later) throw new Error('not created');
    expect(later.recipients).toBe(1);
    await ok(call(t, 'POST', '/api/me/blocks', kept.token, { userId: owner.user.id }));
    expect(await repo.deliverBatch(later.id, 10, new Date())).toEqual({ delivered: [], done: true });
    expect(await counted()).toMatchObject({ expired: 0, lists: [{ id: lapsed.id, count: 0 }] });
  });

  it('delivers batch by batch with the cursor, once: a run again after the end adds nothing', async () => {
    const owner = await creator(t);
    const fans = [await fan(t), await fan(t), await fan(t)];
    for (const account of fans)
      await ok(call(t, 'POST', `/api/creators/${owner.creator.handle}/follow`, account.token));
    const repo = createMassMessagesRepository(db(t));
    // Stored straight through the repository: no job is queued, the batches are driven here.
    const created = await repo.create({
      senderId: owner.user.id,
      creatorId: owner.creator.id,
      audience: 'followers',
      listId: null,
      audienceName: null,
      body: 'One at a time',
      priceCents: null,
      mediaIds: [],
      now: new Date(),
    });
    if (!created) throw new Error('not created');
    expect(created.recipients).toBe(3);
    const first = await repo.deliverBatch(created.id, 2, new Date());
    expect(first?.delivered).toHaveLength(2);
    expect(first?.done).toBe(false);
    const second = await repo.deliverBatch(created.id, 2, new Date());
    expect(second?.delivered).toHaveLength(1);
    expect(second?.done).toBe(true);
    const again = await repo.deliverBatch(created.id, 2, new Date());
    expect(again).toEqual({ delivered: [], done: true });
    const rows = await db(t)
      .select()
      .from(massMessageRecipients)
      .where(eq(massMessageRecipients.massMessageId, created.id));
    expect(rows.every((row) => row.messageId !== null)).toBe(true);
    const stored = await db(t).select().from(messages).where(eq(messages.senderId, owner.user.id));
    expect(stored).toHaveLength(3);
    const [found] = await repo.list(owner.user.id, { limit: 5 });
    expect(found?.massMessage).toMatchObject({ status: 'sent', delivered: 3 });
  });
});
