import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutResponse, TransactionList } from '../../../common/schemas/fan-payments.ts';
import { fanPaymentMessages } from '../../../common/schemas/fan-payments.ts';
import type {
  ChatMessage,
  Conversation,
  MessagePage,
  PurchasedMessageList,
} from '../../../common/schemas/messages.ts';
import type { PostList } from '../../../common/schemas/posts.ts';
import { safetyMessages } from '../../../common/schemas/safety.ts';
import { creatorSubscriptions } from '../../db/schema/index.ts';
import { createEntitlementsRepository } from '../../repositories/billing/fan-payments/entitlements.repository.ts';
import { type AccountsTestApp, bearer, get, post, signUpVerified, uniqueEmail } from '../../test/accounts.ts';
import {
  call,
  createFanPaymentTestApp,
  DAY,
  type FanPaymentTestApp,
  ledgerBalanced,
  ok,
  creator as paidCreator,
  fan as paidFan,
  pay,
  paymentsOf,
  ppvPost,
  runJob,
  settle,
  subscribe,
  subscribed,
  unlock,
  unlocked,
  verify,
} from '../../test/billing/fan-payments.ts';
import { buildCreator, buildPost } from '../../test/creators.ts';
import { createMediaTestApp, uploadedPhoto } from '../../test/media.ts';

describe('blocking', () => {
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

  /** A creator with a public post, a fan who follows, subscribes and has a conversation, then the block. */
  async function blockedFan() {
    const creator = await buildCreator(t, { approveWith: admin.token });
    const fan = await signUpVerified(t);
    const postView = await buildPost(t, creator.token, { youtube: true });
    await t.app.inject({
      method: 'POST',
      url: `/api/creators/${creator.creator.handle}/follow`,
      headers: bearer(fan.token),
    });
    const now = t.clock.now();
    await createEntitlementsRepository(t.app.services.database.db).grantSubscription(
      fan.user.id,
      creator.creator.id,
      new Date(now.getTime() + 86_400_000),
      now,
    );
    const conversation = (
      await post(t, '/api/conversations', { userId: creator.user.id }, { token: fan.token })
    ).json<Conversation>();
    const blocked = await post(t, '/api/me/blocks', { userId: fan.user.id }, { token: creator.token });
    expect(blocked.json()).toEqual({ message: safetyMessages.blocked });
    return { creator, fan, postView, conversation };
  }

  it('hides the blocker’s profile and posts from the blocked user', async () => {
    const { creator, fan, postView } = await blockedFan();
    expect((await get(t, `/api/creators/${creator.creator.handle}`, fan.token)).statusCode).toBe(404);
    expect((await get(t, `/api/creators/${creator.creator.handle}/posts`, fan.token)).statusCode).toBe(404);
    expect((await get(t, `/api/posts/${postView.id}`, fan.token)).statusCode).toBe(404);
    const discover = (await get(t, '/api/discover?limit=100', fan.token)).json<PostList>();
    expect(discover.items.map((item) => item.id)).not.toContain(postView.id);
  });

  it('ends the follow and stops it coming back', async () => {
    const { creator, fan } = await blockedFan();
    expect((await get(t, `/api/creators/${creator.creator.handle}`)).json()).toMatchObject({
      counts: { followers: 0 },
    });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/creators/${creator.creator.handle}/follow`,
      headers: bearer(fan.token),
    });
    expect(again.statusCode).toBe(404);
  });

  it('stops an existing subscription renewing', async () => {
    const { creator, fan } = await blockedFan();
    const [row] = await t.app.services.database.db
      .select()
      .from(creatorSubscriptions)
      .where(eq(creatorSubscriptions.fanId, fan.user.id));
    expect(row).toMatchObject({ creatorId: creator.creator.id, status: 'canceled' });
  });

  it('refuses likes and messages either way', async () => {
    const { creator, fan, postView, conversation } = await blockedFan();
    const like = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${postView.id}/like`,
      headers: bearer(fan.token),
    });
    expect(like.statusCode).toBe(404);
    for (const token of [fan.token, creator.token]) {
      const sent = await post(
        t,
        `/api/conversations/${conversation.id}/messages`,
        { text: 'hello' },
        { token },
      );
      expect(sent.statusCode).toBe(403);
    }
  });

  it('refuses a new conversation either way', async () => {
    const creator = await buildCreator(t, { approveWith: admin.token });
    const fan = await signUpVerified(t);
    await post(t, '/api/me/blocks', { userId: creator.user.id }, { token: fan.token });
    const fromFan = await post(t, '/api/conversations', { userId: creator.user.id }, { token: fan.token });
    expect(fromFan.statusCode).toBe(404);
    const fromCreator = await post(
      t,
      '/api/conversations',
      { userId: fan.user.id },
      { token: creator.token },
    );
    expect(fromCreator.statusCode).toBe(404);
    expect((await get(t, '/api/conversations', fan.token)).json<{ items: unknown[] }>().items).toHaveLength(
      0,
    );
  });

  it('leaves the blocker out of search, the creators list and the posts of the blocked user', async () => {
    const { creator, fan, postView } = await blockedFan();
    const search = (token?: string) =>
      get(t, `/api/search?q=${encodeURIComponent(creator.creator.handle)}&limit=50`, token);
    const ids = (response: { json: <T>() => T }) =>
      response.json<{ items: { id: string }[] }>().items.map((item) => item.id);
    // Seen by others, not by the blocked fan.
    expect(ids(await search())).toContain(creator.creator.id);
    expect(ids(await search(fan.token))).not.toContain(creator.creator.id);
    expect(ids(await get(t, '/api/creators?limit=100', fan.token))).not.toContain(creator.creator.id);
    expect(ids(await get(t, '/api/feed?limit=100', fan.token))).not.toContain(postView.id);
  });

  it('holds the other way too: the blocker does not see the blocked creator, and is told why', async () => {
    const creator = await buildCreator(t, { approveWith: admin.token });
    const postView = await buildPost(t, creator.token, { youtube: true });
    const fan = await signUpVerified(t);
    await post(t, '/api/me/blocks', { userId: creator.user.id }, { token: fan.token });
    // The page answers with the blocker's own choice and whom to unblock, and nothing of the page.
    const page = await get(t, `/api/creators/${creator.creator.handle}`, fan.token);
    expect(page.statusCode).toBe(403);
    expect(page.json()).toEqual({
      message: `You blocked ${creator.creator.displayName}`,
      code: 'BLOCKED_BY_YOU',
      fields: { userId: creator.user.id },
    });
    expect((await get(t, `/api/posts/${postView.id}`, fan.token)).statusCode).toBe(404);
    const follow = await t.app.inject({
      method: 'POST',
      url: `/api/creators/${creator.creator.handle}/follow`,
      headers: bearer(fan.token),
    });
    expect(follow.statusCode).toBe(403);
    // Signed out, or anyone else, still sees the creator.
    expect((await get(t, `/api/creators/${creator.creator.handle}`)).statusCode).toBe(200);
  });

  it('shows a fan who blocks a creator the page name and @handle, searchable by handle, never the email', async () => {
    const creator = await buildCreator(t, { approveWith: admin.token });
    const fan = await signUpVerified(t);
    await post(t, '/api/me/blocks', { userId: creator.user.id }, { token: fan.token });
    const response = await get(
      t,
      `/api/me/blocks?q=${encodeURIComponent(`@${creator.creator.handle}`)}`,
      fan.token,
    );
    expect(response.json<{ items: unknown[] }>().items).toEqual([
      expect.objectContaining({
        id: creator.user.id,
        name: creator.creator.displayName,
        handle: creator.creator.handle,
      }),
    ]);
    expect(response.body).not.toContain(creator.email);
    expect(response.body).not.toContain('@example.com');
  });

  it('lists blocked users by name and @handle (never email) with search, and unblocks', async () => {
    const me = await signUpVerified(t);
    const [a, b] = await Promise.all([
      signUpVerified(t, { email: uniqueEmail('alpha'), firstName: 'Alpha', lastName: 'One' }),
      signUpVerified(t, { email: uniqueEmail('bravo'), firstName: 'Bravo', lastName: 'Two' }),
    ]);
    for (const other of [a, b]) {
      await post(t, '/api/me/blocks', { userId: other.user.id }, { token: me.token });
      t.clock.advance(1000);
    }
    const response = await get(t, '/api/me/blocks', me.token);
    const all = response.json<{ items: { name: string; handle: string | null; status: string }[] }>();
    expect(all.items.map((item) => [item.name, item.handle])).toEqual([
      ['Bravo Two', null],
      ['Alpha One', null],
    ]);
    expect(response.body).not.toContain(a.email);
    expect(response.body).not.toContain(b.email);
    expect(all.items[0]?.status).toBe('Blocked');
    const found = (await get(t, '/api/me/blocks?q=alpha', me.token)).json<{ items: { name: string }[] }>();
    expect(found.items.map((item) => item.name)).toEqual(['Alpha One']);
    const byEmail = (await get(t, `/api/me/blocks?q=${encodeURIComponent(a.email)}`, me.token)).json<{
      items: unknown[];
    }>();
    expect(byEmail.items).toEqual([]);
    const unblocked = await t.app.inject({
      method: 'DELETE',
      url: `/api/me/blocks/${a.user.id}`,
      headers: bearer(me.token),
    });
    expect(unblocked.json()).toEqual({ message: safetyMessages.unblocked });
    expect((await get(t, '/api/me/blocks', me.token)).json<{ items: unknown[] }>().items).toHaveLength(1);
    expect((await post(t, '/api/me/blocks', { userId: me.user.id }, { token: me.token })).statusCode).toBe(
      403,
    );
  });

  it("Delete User: out of the creator's followers and subscribers at once, conversation hidden on the creator's side", async () => {
    const creator = await buildCreator(t, { approveWith: admin.token });
    const fan = await signUpVerified(t);
    await t.app.inject({
      method: 'POST',
      url: `/api/creators/${creator.creator.handle}/follow`,
      headers: bearer(fan.token),
    });
    const now = t.clock.now();
    await createEntitlementsRepository(t.app.services.database.db).grantSubscription(
      fan.user.id,
      creator.creator.id,
      new Date(now.getTime() + 86_400_000),
      now,
    );
    const conversation = (
      await post(t, '/api/conversations', { userId: creator.user.id }, { token: fan.token })
    ).json<Conversation>();
    await post(t, `/api/conversations/${conversation.id}/messages`, { text: 'hi' }, { token: fan.token });

    await post(t, '/api/me/blocks', { userId: fan.user.id }, { token: creator.token });
    const removed = await post(t, `/api/me/blocks/${fan.user.id}/remove`, {}, { token: creator.token });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('User removed from your followers, subscribers and messages');
    expect((await get(t, `/api/creators/${creator.creator.handle}`)).json()).toMatchObject({
      counts: { followers: 0 },
    });
    const [subscription] = await t.app.services.database.db
      .select()
      .from(creatorSubscriptions)
      .where(eq(creatorSubscriptions.fanId, fan.user.id));
    // Ended now, as Unsubscribe user ends it (a block alone only stops it renewing).
    expect(subscription?.status).toBe('unsubscribed');
    expect(
      (await get(t, '/api/conversations', creator.token)).json<{ items: unknown[] }>().items,
    ).toHaveLength(0);
    expect((await get(t, '/api/conversations', fan.token)).json<{ items: unknown[] }>().items).toHaveLength(
      1,
    );

    // Someone without a creator page has no followers or subscribers to speak of.
    await post(t, '/api/me/blocks', { userId: creator.user.id }, { token: fan.token });
    const fanRemoves = await post(t, `/api/me/blocks/${creator.user.id}/remove`, {}, { token: fan.token });
    expect(fanRemoves.statusCode).toBe(200);
    expect(fanRemoves.json().message).toBe('User removed from your messages');
  });
});

describe('blocking and payments', () => {
  let t: FanPaymentTestApp;
  beforeAll(async () => {
    t = await createFanPaymentTestApp('sandbox');
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });
  afterEach(async () => {
    await settle(t);
    await ledgerBalanced(t);
  });

  const block = (token: string, userId: string) => call(t, 'POST', '/api/me/blocks', token, { userId });

  it('refuses a subscription either way across a block', async () => {
    const owner = await paidCreator(t);
    const blockedFan = await paidFan(t);
    const blockingFan = await paidFan(t);
    await block(owner.token, blockedFan.user.id);
    await block(blockingFan.token, owner.user.id);
    for (const someone of [blockedFan, blockingFan]) {
      const refused = await subscribe(t, someone.token, owner.creator.handle);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(fanPaymentMessages.cannotSubscribeBlocked);
      expect(await paymentsOf(t, someone.user.id)).toHaveLength(0);
    }
  });

  it('refuses to unlock a pay-per-view post either way across a block', async () => {
    const owner = await paidCreator(t);
    const forSale = await ppvPost(t, owner.token);
    const blockedFan = await paidFan(t);
    const blockingFan = await paidFan(t);
    await block(owner.token, blockedFan.user.id);
    await block(blockingFan.token, owner.user.id);
    for (const someone of [blockedFan, blockingFan]) {
      const refused = await unlock(t, someone.token, forSale.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(fanPaymentMessages.cannotUnlockBlocked);
      expect(await paymentsOf(t, someone.user.id)).toHaveLength(0);
    }
    // Anyone else still can.
    const other = await paidFan(t);
    expect((await unlock(t, other.token, forSale.id)).statusCode).toBe(200);
  });

  it('Delete User needs a block first, and refunds the unused part of a subscription it ends', async () => {
    const owner = await paidCreator(t, '10.00');
    const buyer = await paidFan(t);
    await subscribed(t, buyer.token, owner.creator.handle);
    t.clock.advance(10 * DAY);
    // Without a block: refused, and the paying fan keeps their subscription.
    const unblocked = await call(t, 'POST', `/api/me/blocks/${buyer.user.id}/remove`, owner.token);
    expect(unblocked.statusCode).toBe(409);
    expect(unblocked.json().message).toBe(safetyMessages.removeNeedsBlock);
    const before = await paymentsOf(t, buyer.user.id);
    expect(before.map((payment) => payment.refundedAmount)).toEqual([0]);
    const statusOf = async () =>
      (
        await t.app.services.database.db
          .select()
          .from(creatorSubscriptions)
          .where(eq(creatorSubscriptions.fanId, buyer.user.id))
      )[0]?.status;
    expect(await statusOf()).toBe('active');

    // Blocked, then removed: access ends now and 20 of 30 days go back, as Unsubscribe user does.
    expect((await block(owner.token, buyer.user.id)).statusCode).toBe(200);
    const removed = await call(t, 'POST', `/api/me/blocks/${buyer.user.id}/remove`, owner.token);
    expect(removed.statusCode).toBe(200);
    await settle(t);
    expect(await statusOf()).toBe('unsubscribed');
    const [payment] = await paymentsOf(t, buyer.user.id);
    expect(payment).toMatchObject({ refundStatus: 'refunded', refundedAmount: 666 });
    // A second removal finds nothing left to end or refund.
    expect((await call(t, 'POST', `/api/me/blocks/${buyer.user.id}/remove`, owner.token)).statusCode).toBe(
      200,
    );
    expect((await paymentsOf(t, buyer.user.id))[0]?.refundedAmount).toBe(666);
  });

  it('stops a paid subscription renewing: no charge at the period end, and it ends', async () => {
    const owner = await paidCreator(t);
    const buyer = await paidFan(t);
    await subscribed(t, buyer.token, owner.creator.handle);
    expect((await block(owner.token, buyer.user.id)).statusCode).toBe(200);

    t.clock.advance(30 * DAY - 30 * 60 * 1000);
    expect(await runJob(t)).toMatchObject({ renewed: 0 });
    t.clock.advance(2 * 60 * 60 * 1000);
    await runJob(t);
    const payments = await paymentsOf(t, buyer.user.id);
    expect(payments.map((payment) => payment.purpose)).toEqual(['subscription_start']);
    const [row] = await t.app.services.database.db
      .select()
      .from(creatorSubscriptions)
      .where(eq(creatorSubscriptions.fanId, buyer.user.id));
    expect(row?.status).toBe('expired');
  });
});

describe('blocking and what was bought', () => {
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

  /** A link to one of the object's renditions other than its blurred preview (a signed original). */
  const fullLinkTo = (mediaId: string) => new RegExp(`${mediaId}/(?!preview)`);

  /** A fan who bought a pay-per-view post (a photo) and a pay-per-view message from the creator. */
  async function buyerOfBoth() {
    const owner = await paidCreator(t);
    const buyer = await paidFan(t);
    const forSale = await ppvPost(t, owner.token, '4.99', false);
    await unlocked(t, buyer.token, forSale.id);
    const chat = await ok<Conversation>(
      call(t, 'POST', '/api/conversations', buyer.token, { userId: owner.user.id }),
    );
    const photoId = await uploadedPhoto(t, owner.token);
    const priced = await ok<ChatMessage>(
      call(t, 'POST', `/api/conversations/${chat.id}/messages`, owner.token, {
        text: 'For you',
        mediaIds: [photoId],
        price: '3.00',
      }),
      201,
    );
    const checkout = await ok<CheckoutResponse>(
      call(t, 'POST', `/api/messages/${priced.id}/unlock`, buyer.token),
    );
    await pay(t, checkout);
    expect((await verify(t, buyer.token, checkout.reference)).status).toBe('succeeded');
    await settle(t);
    return {
      owner,
      buyer,
      postId: forSale.id,
      postMediaId: forSale.media?.id ?? '',
      chatId: chat.id,
      messageId: priced.id,
      photoId,
    };
  }

  /** What the buyer is served of what they bought: the Purchased tab's two lists and the chat. */
  async function served(bought: Awaited<ReturnType<typeof buyerOfBoth>>) {
    const posts = await call(t, 'GET', '/api/me/purchases', bought.buyer.token);
    const messages = await call(t, 'GET', '/api/me/purchased-messages', bought.buyer.token);
    const chat = await call(t, 'GET', `/api/conversations/${bought.chatId}/messages`, bought.buyer.token);
    const inChat = chat.json<MessagePage>().items.find((message) => message.id === bought.messageId);
    const library = await call(t, 'GET', '/api/creators/me', bought.buyer.token);
    return {
      posts: posts.json<PostList>().items.map((item) => item.id),
      messages: messages.json<PurchasedMessageList>().items.map((item) => item.message.id),
      counts: library.json().counts,
      chatLocked: inChat?.attachment?.locked,
      chatCanUnlock: inChat?.attachment?.canUnlock,
      fullLinks: [posts.body, messages.body, chat.body].some(
        (body) => fullLinkTo(bought.postMediaId).test(body) || fullLinkTo(bought.photoId).test(body),
      ),
    };
  }

  const whole = (bought: Awaited<ReturnType<typeof buyerOfBoth>>) => ({
    posts: [bought.postId],
    messages: [bought.messageId],
    counts: { liked: 0, purchased: 1, purchasedMessages: 1 },
    chatLocked: false,
    chatCanUnlock: false,
    fullLinks: true,
  });
  const hidden = {
    posts: [],
    messages: [],
    counts: { liked: 0, purchased: 0, purchasedMessages: 0 },
    chatLocked: true,
    chatCanUnlock: false,
    fullLinks: false,
  };

  it.each([
    ['the creator blocks the fan', 'owner'],
    ['the fan blocks the creator', 'buyer'],
  ] as const)(
    'serves nothing bought while %s; the purchase stays on record, and unblocking brings it back',
    async (_, who) => {
      const bought = await buyerOfBoth();
      expect(await served(bought)).toEqual(whole(bought));

      const [blocker, other] = who === 'owner' ? [bought.owner, bought.buyer] : [bought.buyer, bought.owner];
      expect(
        (await call(t, 'POST', '/api/me/blocks', blocker.token, { userId: other.user.id })).statusCode,
      ).toBe(200);
      expect(await served(bought)).toEqual(hidden);
      // The payments stay in the fan's history.
      const history = await ok<TransactionList>(call(t, 'GET', '/api/me/transactions', bought.buyer.token));
      expect(history.items.filter((item) => item.direction === 'debit')).toHaveLength(2);

      expect((await call(t, 'DELETE', `/api/me/blocks/${other.user.id}`, blocker.token)).statusCode).toBe(
        200,
      );
      expect(await served(bought)).toEqual(whole(bought));
    },
    60_000,
  );
});
