import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MassMessageView } from '../../../common/schemas/mass-messages.ts';
import type { ChatMessage, Conversation, MessagePage } from '../../../common/schemas/messages.ts';
import type { PostView } from '../../../common/schemas/posts.ts';
import { type VaultPage, vaultMessages } from '../../../common/schemas/vault.ts';
import {
  call,
  createFanPaymentTestApp,
  creator,
  type FanPaymentTestApp,
  fan,
  massMessageDelivered,
  ok,
  settle,
  subscribed,
} from '../../test/billing/fan-payments.ts';
import { uploadedPhoto } from '../../test/media.ts';

/**
 * The vault knows the messages a creator sent its items in: it names them where each item is used,
 * and an item a fan was sent (paid for or not) is never deleted, neither from the vault nor with a
 * post that also showed it.
 */
describe('vault items sent in messages', () => {
  let t: FanPaymentTestApp;
  beforeAll(async () => {
    t = await createFanPaymentTestApp('sandbox', { runJobs: true });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });
  afterEach(async () => {
    await settle(t);
  });

  const vaultItem = async (token: string, mediaId: string) => {
    const page = await ok<VaultPage>(call(t, 'GET', '/api/vault', token));
    const item = page.items.find((entry) => entry.media.id === mediaId);
    if (!item) throw new Error(`${mediaId} is not in the vault`);
    return item;
  };
  const chatWith = async (token: string, userId: string) =>
    (await ok<Conversation>(call(t, 'POST', '/api/conversations', token, { userId }))).id;
  const messagesIn = async (token: string, conversationId: string): Promise<ChatMessage[]> =>
    (await ok<MessagePage>(call(t, 'GET', `/api/conversations/${conversationId}/messages`, token))).items;

  it('names a paid message, a free one and a mass message where an item is used, and refuses to delete it', async () => {
    const owner = await creator(t);
    const ann = await fan(t, { firstName: 'Ann', lastName: 'Lee' });
    const ben = await fan(t, { firstName: 'Ben', lastName: 'Okafor' });
    await subscribed(t, ann.token, owner.creator.handle);
    const photo = await uploadedPhoto(t, owner.token);

    const toAnn = await chatWith(owner.token, ann.user.id);
    const toBen = await chatWith(owner.token, ben.user.id);
    await ok(
      call(t, 'POST', `/api/conversations/${toAnn}/messages`, owner.token, {
        text: 'Just for you',
        mediaIds: [photo],
        price: '4.00',
      }),
      201,
    );
    await ok(
      call(t, 'POST', `/api/conversations/${toBen}/messages`, owner.token, {
        text: 'Free look',
        mediaIds: [photo],
      }),
      201,
    );
    const mass = await ok<MassMessageView>(
      call(t, 'POST', '/api/mass-messages', owner.token, {
        audience: 'subscribers',
        text: 'New set',
        mediaIds: [photo],
      }),
      202,
    );
    await massMessageDelivered(t, owner.token, mass.id);

    const item = await vaultItem(owner.token, photo);
    // The mass message counts once, not once per fan it reached.
    expect(item.usedInCount).toBe(3);
    expect(item.usedIn).toEqual([
      {
        kind: 'massMessage',
        massMessageId: mass.id,
        audience: 'subscribers',
        audienceName: null,
        paid: false,
      },
      expect.objectContaining({ kind: 'message', conversationId: toBen, to: 'Ben Okafor', paid: false }),
      expect.objectContaining({ kind: 'message', conversationId: toAnn, to: 'Ann Lee', paid: true }),
    ]);

    const refused = await call(t, 'DELETE', `/api/vault/items/${photo}`, owner.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      vaultMessages.inUse(
        ['a mass message to all active subscribers', 'a message to Ben Okafor', 'a paid message to Ann Lee'],
        0,
        true,
      ),
    );
    expect((await vaultItem(owner.token, photo)).media.status).toBe('ready');
  });

  it('keeps an item a fan was sent when the post that also showed it is deleted', async () => {
    const owner = await creator(t);
    const ann = await fan(t);
    const photo = await uploadedPhoto(t, owner.token);
    const chat = await chatWith(owner.token, ann.user.id);
    await ok(
      call(t, 'POST', `/api/conversations/${chat}/messages`, owner.token, {
        text: 'Yours',
        mediaIds: [photo],
      }),
      201,
    );
    const post = await ok<PostView>(
      call(t, 'POST', '/api/posts', owner.token, { description: 'Also on the wall', mediaId: photo }),
      201,
    );
    const before = await vaultItem(owner.token, photo);
    expect(before.usedIn.map((use) => use.kind)).toEqual(['post', 'message']);

    await ok(call(t, 'DELETE', `/api/posts/${post.id}`, owner.token), 204);

    const after = await vaultItem(owner.token, photo);
    expect(after.usedInCount).toBe(1);
    const [received] = await messagesIn(ann.token, chat);
    expect(received?.attachment?.items.map((entry) => entry.id)).toEqual([photo]);
    expect((await call(t, 'GET', `/api/media/${photo}`, owner.token)).statusCode).toBe(200);
  });

  it('deletes an item once nothing uses it', async () => {
    const owner = await creator(t);
    const photo = await uploadedPhoto(t, owner.token);
    const post = await ok<PostView>(
      call(t, 'POST', '/api/posts', owner.token, { description: 'Alone', mediaIds: [photo] }),
      201,
    );
    const item = await vaultItem(owner.token, photo);
    expect(item.usedInCount).toBe(1);
    await ok(call(t, 'DELETE', `/api/posts/${post.id}`, owner.token), 204);
    // The post took its only item with it.
    const page = await ok<VaultPage>(call(t, 'GET', '/api/vault', owner.token));
    expect(page.items.map((entry) => entry.media.id)).not.toContain(photo);
  });
});
