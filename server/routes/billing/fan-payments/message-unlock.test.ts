import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '../../../../common/events.ts';
import type { CheckoutResponse, TransactionList } from '../../../../common/schemas/fan-payments.ts';
import type {
  ChatMessage,
  Conversation,
  MessagePage,
  PurchasedMessageList,
} from '../../../../common/schemas/messages.ts';
import { signUpVerified } from '../../../test/accounts.ts';
import {
  accountBalance,
  call,
  createFanPaymentTestApp,
  creator,
  deliverEvent,
  deliverWebhook,
  drivers,
  type FanPaymentTestApp,
  fan,
  ledgerBalanced,
  ok,
  pay,
  paymentsOf,
  settle,
  verify,
  webhookOf,
} from '../../../test/billing/fan-payments.ts';
import { fetchMedia, listen, uploadedPhoto, urlsIn } from '../../../test/media.ts';
import { openEventStream } from '../../../test/sse.ts';

type Person = { token: string; user: { id: string } };

const photo = uploadedPhoto;

async function conversationBetween(t: FanPaymentTestApp, from: Person, to: Person): Promise<string> {
  const conversation = await ok<Conversation>(
    call(t, 'POST', '/api/conversations', from.token, { userId: to.user.id }),
  );
  return conversation.id;
}

function send(
  t: FanPaymentTestApp,
  token: string,
  conversationId: string,
  body: { text?: string; mediaIds?: string[]; price?: string; clientId?: string },
) {
  return call(t, 'POST', `/api/conversations/${conversationId}/messages`, token, { text: '', ...body });
}

async function messagesOf(t: FanPaymentTestApp, token: string, conversationId: string) {
  return (await ok<MessagePage>(call(t, 'GET', `/api/conversations/${conversationId}/messages`, token)))
    .items;
}

async function onlyMessage(t: FanPaymentTestApp, token: string, conversationId: string) {
  const [message] = await messagesOf(t, token, conversationId);
  if (!message) throw new Error('no message');
  return message;
}

/** Every link a message's items carry. */
const linksOf = (message: ChatMessage) => (message.attachment?.items ?? []).flatMap(urlsIn);

/** Only blurred previews: each item's every link is its `/preview`. */
function expectOnlyPreviews(message: ChatMessage) {
  const items = message.attachment?.items ?? [];
  expect(items.length).toBeGreaterThan(0);
  for (const item of items) {
    expect(item.locked).toBe(true);
    expect(item.urls.sources).toEqual([]);
    expect(urlsIn(item).every((url) => url.endsWith(`/api/media/${item.id}/preview`))).toBe(true);
  }
}

describe.each(drivers)('pay-per-view messages (%s)', (driver) => {
  let t: FanPaymentTestApp;
  beforeAll(async () => {
    t = await createFanPaymentTestApp(driver, { runJobs: true });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });
  afterEach(async () => {
    await settle(t);
    await ledgerBalanced(t);
  });

  it('shows the fan blurred previews, the count and the price; the originals only once the payment settles, once', async () => {
    const owner = await creator(t);
    const buyer = await fan(t, { firstName: 'Ada', lastName: 'Byron' });
    const chatId = await conversationBetween(t, owner, buyer);
    const items = [await photo(t, owner.token), await photo(t, owner.token, 800)];

    const sent = await ok<ChatMessage>(
      send(t, owner.token, chatId, { text: 'Two from the beach', mediaIds: items, price: '3.00' }),
      201,
    );
    // The sender sees their own items in full.
    expect(sent.attachment).toMatchObject({
      counts: { photos: 2, videos: 0 },
      price: { amount: 300, currency: 'USD' },
      locked: false,
      canUnlock: false,
    });
    expect(sent.attachment?.items.map((item) => item.id)).toEqual(items);
    expect(sent.attachment?.items.every((item) => item.urls.sources.length > 0)).toBe(true);

    // The fan: previews, counts and price; no link to an original anywhere.
    const locked = await onlyMessage(t, buyer.token, chatId);
    expect(locked).toMatchObject({
      text: 'Two from the beach',
      attachment: { counts: { photos: 2, videos: 0 }, price: { amount: 300 }, locked: true, canUnlock: true },
    });
    expectOnlyPreviews(locked);
    const ownerView = await onlyMessage(t, owner.token, chatId);
    const originals = linksOf(ownerView).filter((url) => !url.endsWith('/preview'));
    expect(originals.length).toBeGreaterThan(0);
    for (const url of originals) expect(linksOf(locked)).not.toContain(url);
    const preview = await fetchMedia(t, locked.attachment?.items[0]?.urls.preview ?? '');
    expect(preview.statusCode).toBe(200);
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(0);

    // A checkout alone gives nothing.
    const checkout = await ok<CheckoutResponse>(
      call(t, 'POST', `/api/messages/${sent.id}/unlock`, buyer.token),
    );
    expect(checkout.amount).toEqual({ amount: 300, currency: 'USD' });
    // A double click answers the same checkout.
    const again = await ok<CheckoutResponse>(call(t, 'POST', `/api/messages/${sent.id}/unlock`, buyer.token));
    expect(again.reference).toBe(checkout.reference);
    expectOnlyPreviews(await onlyMessage(t, buyer.token, chatId));

    await pay(t, checkout, { expectReturnTo: `/message?c=${chatId}` });
    const verified = await verify(t, buyer.token, checkout.reference);
    expect(verified).toMatchObject({ status: 'succeeded', purpose: 'message_unlock' });
    await settle(t);

    const open = await onlyMessage(t, buyer.token, chatId);
    expect(open.attachment).toMatchObject({ locked: false, canUnlock: false });
    const full = open.attachment?.items[1];
    expect(full?.locked).toBe(false);
    const original = await fetchMedia(t, full?.urls.sources.at(-1)?.url ?? '');
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.length).toBeGreaterThan(1000);

    // 20% platform fee: the creator earns $2.40.
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(-240);
    const bell = await ok<NotificationList>(call(t, 'GET', '/api/notifications', owner.token));
    expect(bell.items[0]).toMatchObject({ kind: 'purchase', text: 'Ada Byron unlocked your message' });
    const paid = await ok<TransactionList>(call(t, 'GET', '/api/me/transactions', buyer.token));
    expect(paid.items[0]).toMatchObject({
      direction: 'debit',
      amount: { amount: 300, currency: 'USD' },
      description: `You unlocked a message from ${owner.creator.displayName}`,
    });
    const earned = await ok<TransactionList>(call(t, 'GET', '/api/me/transactions', owner.token));
    expect(earned.items[0]).toMatchObject({ description: 'Ada Byron unlocked your message' });
    await t.smtp.waitFor((mail) => mail.to.includes(buyer.email) && mail.subject.includes('receipt: $3.00'));

    // The Purchased tab lists it with its items in full.
    const purchased = await ok<PurchasedMessageList>(
      call(t, 'GET', '/api/me/purchased-messages', buyer.token),
    );
    expect(purchased.items).toHaveLength(1);
    expect(purchased.items[0]).toMatchObject({
      message: { id: sent.id, attachment: { locked: false } },
      from: { handle: owner.creator.handle, name: owner.creator.displayName },
    });
    expect(JSON.stringify(purchased)).not.toContain(owner.email);

    // Redelivered webhooks, verifies and a new unlock: nothing more.
    const webhook = await webhookOf(t, checkout.reference);
    const answers = await Promise.all([deliverWebhook(t, webhook), deliverWebhook(t, webhook)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await verify(t, buyer.token, checkout.reference)).status).toBe('succeeded');
    await settle(t);
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(-240);
    const twice = await call(t, 'POST', `/api/messages/${sent.id}/unlock`, buyer.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('You already unlocked this message');
    expect((await paymentsOf(t, buyer.user.id)).filter((p) => p.status === 'succeeded')).toHaveLength(1);
  });

  it('refuses the sender, strangers and messages with nothing to sell', async () => {
    const owner = await creator(t);
    const buyer = await fan(t);
    const stranger = await fan(t);
    const chatId = await conversationBetween(t, owner, buyer);
    const priced = await ok<ChatMessage>(
      send(t, owner.token, chatId, { text: 'Locked', mediaIds: [await photo(t, owner.token)], price: '5' }),
      201,
    );
    const free = await ok<ChatMessage>(
      send(t, owner.token, chatId, { text: 'Free', mediaIds: [await photo(t, owner.token)] }),
      201,
    );

    const own = await call(t, 'POST', `/api/messages/${priced.id}/unlock`, owner.token);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('This is your own message');
    const other = await call(t, 'POST', `/api/messages/${priced.id}/unlock`, stranger.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Message not found');
    const notPriced = await call(t, 'POST', `/api/messages/${free.id}/unlock`, buyer.token);
    expect(notPriced.statusCode).toBe(403);
    expect(notPriced.json().message).toBe('This message has nothing to unlock');
    const unknown = await call(t, 'POST', '/api/messages/not-a-message/unlock', buyer.token);
    expect(unknown.statusCode).toBe(404);
    expect(await paymentsOf(t, buyer.user.id)).toEqual([]);

    // A free message's items are the fan's to see at once.
    const view = (await messagesOf(t, buyer.token, chatId)).find((message) => message.id === free.id);
    expect(view?.attachment).toMatchObject({ price: null, locked: false, canUnlock: false });
    expect(view?.attachment?.items[0]?.urls.sources.length).toBeGreaterThan(0);

    // Blocked since: no checkout.
    const block = await call(t, 'POST', '/api/me/blocks', buyer.token, { userId: owner.user.id });
    expect(block.statusCode).toBeLessThan(300);
    const blocked = await call(t, 'POST', `/api/messages/${priced.id}/unlock`, buyer.token);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe('You cannot message this person');
  });

  it('checks what a message may carry', async () => {
    const owner = await creator(t);
    const buyer = await fan(t);
    const chatId = await conversationBetween(t, owner, buyer);
    const item = await photo(t, owner.token);

    const priceOnly = await send(t, owner.token, chatId, { text: 'Pay me', price: '3.00' });
    expect(priceOnly.statusCode).toBe(400);
    expect(priceOnly.json().message).toBe('Attach a photo or video to set a price');
    const tooCheap = await send(t, owner.token, chatId, { text: 'x', mediaIds: [item], price: '0.50' });
    expect(tooCheap.statusCode).toBe(400);
    const badPrice = await send(t, owner.token, chatId, { text: 'x', mediaIds: [item], price: 'abc' });
    expect(badPrice.statusCode).toBe(400);
    const twice = await send(t, owner.token, chatId, { text: 'x', mediaIds: [item, item] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('The same photo or video is attached twice');
    const blank = await send(t, owner.token, chatId, { text: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please write a message');

    // Someone else's upload is not attachable, and a fan attaches nothing.
    const theirs = await photo(t, buyer.token);
    const foreign = await send(t, owner.token, chatId, { text: 'x', mediaIds: [theirs] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(
      'One of the attached photos or videos was not found. Please attach it again',
    );
    const fromFan = await send(t, buyer.token, chatId, { text: 'look', mediaIds: [theirs] });
    expect(fromFan.statusCode).toBe(403);
    expect(fromFan.json().message).toBe('Only approved creators can attach photos and videos to messages');
    expect(await messagesOf(t, owner.token, chatId)).toEqual([]);

    // Media alone, without words, is a message.
    const mediaOnly = await send(t, owner.token, chatId, { mediaIds: [item], price: '2.50' });
    expect(mediaOnly.statusCode).toBe(201);
    expect(mediaOnly.json<ChatMessage>()).toMatchObject({ text: '', attachment: { price: { amount: 250 } } });
  });

  it('pushes each side its own view live, and the unlocked items to the fan when it settles', async () => {
    const owner = await creator(t);
    const buyer = await fan(t);
    const chatId = await conversationBetween(t, owner, buyer);
    const item = await photo(t, owner.token);
    const baseUrl = await listen(t);
    const [creatorStream, fanStream] = await Promise.all([
      openEventStream(baseUrl, owner.token),
      openEventStream(baseUrl, buyer.token),
    ]);
    try {
      await Promise.all([creatorStream, fanStream].map((s) => s.waitFor((event) => event.event === 'ready')));
      const sent = await ok<ChatMessage>(
        send(t, owner.token, chatId, { text: 'Live', mediaIds: [item], price: '4.00' }),
        201,
      );
      const toFan = await fanStream.waitFor((event) => event.event === 'message.created');
      const fanView = (toFan.data as { message: ChatMessage }).message;
      expect(fanView.id).toBe(sent.id);
      expectOnlyPreviews(fanView);
      const toCreator = await creatorStream.waitFor((event) => event.event === 'message.created');
      expect((toCreator.data as { message: ChatMessage }).message.attachment?.locked).toBe(false);

      const checkout = await ok<CheckoutResponse>(
        call(t, 'POST', `/api/messages/${sent.id}/unlock`, buyer.token),
      );
      await pay(t, checkout);
      // The webhook settles it (no verify): the fan's open tab still gets the items.
      await deliverWebhook(t, await webhookOf(t, checkout.reference));
      await settle(t);
      const updated = await fanStream.waitFor((event) => event.event === 'message.updated');
      const unlocked = (updated.data as { message: ChatMessage }).message;
      expect(unlocked.attachment).toMatchObject({ locked: false, canUnlock: false });
      expect(unlocked.attachment?.items[0]?.urls.sources.length).toBeGreaterThan(0);
    } finally {
      creatorStream.close();
      fanStream.close();
    }
  });

  it('takes an unlock back on a chargeback: the items lock again and the split is reversed', async () => {
    const owner = await creator(t);
    const buyer = await fan(t);
    const chatId = await conversationBetween(t, owner, buyer);
    const sent = await ok<ChatMessage>(
      send(t, owner.token, chatId, { text: 'x', mediaIds: [await photo(t, owner.token)], price: '8.00' }),
      201,
    );
    const checkout = await ok<CheckoutResponse>(
      call(t, 'POST', `/api/messages/${sent.id}/unlock`, buyer.token),
    );
    await pay(t, checkout);
    expect((await verify(t, buyer.token, checkout.reference)).status).toBe('succeeded');
    await settle(t);
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(-640);
    const dispute = {
      event: 'charge.dispute.create',
      data: {
        id: 5_550_001,
        status: 'awaiting-merchant-feedback',
        transaction: { reference: checkout.reference },
      },
    };
    const answers = await Promise.all([deliverEvent(t, dispute), deliverEvent(t, dispute)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expectOnlyPreviews(await onlyMessage(t, buyer.token, chatId));
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(0);
    const purchased = await ok<PurchasedMessageList>(
      call(t, 'GET', '/api/me/purchased-messages', buyer.token),
    );
    expect(purchased.items).toEqual([]);
  });

  it('lets only an approved creator attach: a signed-up member without a creator page cannot', async () => {
    const member = await signUpVerified(t);
    const buyer = await fan(t);
    const owner = await creator(t);
    const chatId = await conversationBetween(t, member, buyer);
    // The conversation tells each side whether they may attach (the composer shows it from this).
    const asMember = await ok<Conversation>(call(t, 'GET', `/api/conversations/${chatId}`, member.token));
    expect(asMember.canAttachMedia).toBe(false);
    const creatorChat = await conversationBetween(t, owner, buyer);
    const asCreator = await ok<Conversation>(
      call(t, 'GET', `/api/conversations/${creatorChat}`, owner.token),
    );
    expect(asCreator.canAttachMedia).toBe(true);
    const asFan = await ok<Conversation>(call(t, 'GET', `/api/conversations/${creatorChat}`, buyer.token));
    expect(asFan.canAttachMedia).toBe(false);
    const item = await photo(t, member.token);
    const answer = await send(t, member.token, chatId, { text: 'hi', mediaIds: [item], price: '3' });
    expect(answer.statusCode).toBe(403);
  });
});
