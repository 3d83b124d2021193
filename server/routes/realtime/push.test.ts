import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import type { Conversation } from '../../../common/schemas/messages.ts';
import type { PushState } from '../../../common/schemas/push.ts';
import { pushSubscriptions } from '../../db/schema/index.ts';
import { bearer, get, post, signUpVerified } from '../../test/accounts.ts';
import {
  creator as approvedCreator,
  createFanPaymentTestApp,
  DAY,
  type FanPaymentTestApp,
  runJob,
  signIn,
  subscribed,
} from '../../test/billing/fan-payments.ts';
import { buildCreator, buildPost } from '../../test/creators.ts';
import { until } from '../../test/processes.ts';
import { startPushService, type TestPushService } from '../../test/push-service.ts';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

describe('push notifications', () => {
  let t: FanPaymentTestApp;
  let service: TestPushService;
  const vapid = webpush.generateVAPIDKeys();
  let admin: { token: string };

  beforeAll(async () => {
    service = await startPushService(vapid.publicKey);
    t = await createFanPaymentTestApp('sandbox', {
      // The job queue runs here: every push goes through its job.
      runJobs: true,
      env: {
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        VAPID_SUBJECT: 'mailto:ops@example.com',
        PUSH_SERVICE_ORIGINS: service.origin,
      },
    });
    admin = t.admin;
  });
  afterAll(async () => {
    await t.close();
    await service.close();
  });

  const subscribe = (token: string, subscription: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/me/push/subscriptions',
      headers: { ...bearer(token), 'user-agent': CHROME },
      payload: subscription,
    });
  const pushState = async (token: string) => (await get(t, '/api/me/push', token)).json<PushState>();
  const message = async (from: { token: string }, to: { user: { id: string } }, text: string) => {
    const conversation = (
      await post(t, '/api/conversations', { userId: to.user.id }, { token: from.token })
    ).json<Conversation>();
    const sent = await post(
      t,
      `/api/conversations/${conversation.id}/messages`,
      { text },
      { token: from.token },
    );
    expect(sent.statusCode).toBe(201);
  };
  const setKind = (token: string, kind: string, push: boolean) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/me/notification-settings',
      headers: bearer(token),
      payload: { kind, push },
    });
  const pushesTo = (deviceId: string) => service.received.filter((push) => push.deviceId === deviceId);

  it('gives the server key, and subscribes only with a push service it may send to', async () => {
    const fan = await signUpVerified(t);
    expect(await pushState(fan.token)).toEqual({
      publicKey: vapid.publicKey,
      hidePreviews: false,
      devices: [],
    });

    const device = service.device();
    for (const endpoint of [
      'https://push.example.com/device',
      'http://127.0.0.1:1/push/x',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
    ]) {
      const refused = await subscribe(fan.token, { ...device.subscription, endpoint });
      expect(refused.statusCode, endpoint).toBe(400);
      expect(refused.json()).toMatchObject({ fields: { endpoint: expect.stringContaining('push service') } });
    }
    // Keys that are not what a browser gives: refused by the schema.
    expect(
      (await subscribe(fan.token, { ...device.subscription, keys: { p256dh: 'x', auth: 'y' } })).statusCode,
    ).toBe(400);

    const created = await subscribe(fan.token, device.subscription);
    expect(created.statusCode).toBe(201);
    expect(created.json<PushState>().devices).toEqual([
      { id: expect.any(String), label: 'Chrome on Linux', createdAt: expect.any(String), current: true },
    ]);
    // The same browser again: still one device.
    await subscribe(fan.token, device.subscription);
    expect((await pushState(fan.token)).devices).toHaveLength(1);
    // Keys of the right length that are no P-256 point: no push could ever be encrypted to them.
    const notAPoint = Buffer.alloc(65, 1);
    notAPoint[0] = 4;
    const unusable = await subscribe(fan.token, {
      ...service.device().subscription,
      keys: { ...device.subscription.keys, p256dh: notAPoint.toString('base64url') },
    });
    expect(unusable.statusCode).toBe(400);
    expect(unusable.json()).toMatchObject({
      fields: { keys: expect.stringContaining('turn push off and on') },
    });
  });

  it('keeps push on in at most 10 browsers of one account, dropping the oldest', async () => {
    const fan = await signUpVerified(t);
    const devices = Array.from({ length: 11 }, () => service.device());
    for (const device of devices) {
      expect((await subscribe(fan.token, device.subscription)).statusCode).toBe(201);
      t.clock.advance(1000);
    }
    const kept = await t.app.services.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, fan.user.id));
    expect(kept.map((row) => row.endpoint).sort()).toEqual(
      devices
        .slice(1)
        .map((device) => device.subscription.endpoint)
        .sort(),
    );
  });

  it('pushes a message to the recipient’s devices with a preview, never to the sender, and hides previews on request', async () => {
    const [ada, ben] = await Promise.all([
      signUpVerified(t, { firstName: 'Ada', lastName: 'Obi' }),
      signUpVerified(t, { firstName: 'Ben', lastName: 'Kim' }),
    ]);
    const [adaPhone, benPhone] = [service.device(), service.device()];
    expect((await subscribe(ada.token, adaPhone.subscription)).statusCode).toBe(201);
    expect((await subscribe(ben.token, benPhone.subscription)).statusCode).toBe(201);

    await message(ada, ben, 'Are you coming tonight?');
    const first = await service.waitFor((push) => push.deviceId === benPhone.id);
    expect(first.payload).toEqual({
      title: 'New message from Ada Obi',
      body: 'Are you coming tonight?',
      url: `/message?user=${ada.user.id}`,
      tag: `message-${ada.user.id}`,
    });
    expect(first.ttl).toBe(String(24 * 60 * 60));

    // Ben answers: Ada's phone gets his message, and had nothing for her own.
    await message(ben, ada, 'Yes!');
    await service.waitFor((push) => push.deviceId === adaPhone.id);
    expect(pushesTo(adaPhone.id).map((push) => push.payload.body)).toEqual(['Yes!']);

    const hidden = await t.app.inject({
      method: 'PUT',
      url: '/api/me/push/settings',
      headers: bearer(ben.token),
      payload: { hidePreviews: true },
    });
    expect(hidden.json<PushState>().hidePreviews).toBe(true);
    await message(ada, ben, 'The address is 12 Hill Road');
    await until(() => pushesTo(benPhone.id).length === 2, 'the second push', 10_000);
    expect(pushesTo(benPhone.id)[1]?.payload).toMatchObject({ title: 'New message from Ada Obi', body: '' });
    expect(JSON.stringify(service.received)).not.toContain('Hill Road');
  });

  it('leaves out a kind its owner turned off for push, and sends one they turned on', async () => {
    const [ada, ben] = await Promise.all([signUpVerified(t), signUpVerified(t)]);
    const creator = await buildCreator(t, { approveWith: admin.token });
    const [benPhone, creatorPhone] = [service.device(), service.device()];
    await subscribe(ben.token, benPhone.subscription);
    await subscribe(creator.token, creatorPhone.subscription);

    expect((await setKind(ben.token, 'message', false)).json()).toMatchObject({
      items: expect.arrayContaining([
        { kind: 'message', label: 'New messages', inApp: null, email: null, push: false },
      ]),
    });
    await message(ada, ben, 'You will not hear of this one');
    // New followers are off for push by default; the creator turns them on. Jobs run in order, so
    // by the time the follow's push arrives, the message's job has run.
    await setKind(creator.token, 'follow', true);
    const followed = await t.app.inject({
      method: 'POST',
      url: `/api/creators/${creator.creator.handle}/follow`,
      headers: bearer(ada.token),
    });
    expect(followed.statusCode).toBeLessThan(300);
    // (The creator's phone may also hear of their page's approval, if its job ran after the phone was added.)
    const push = await service.waitFor(
      (p) => p.deviceId === creatorPhone.id && /followed you/.test(p.payload.title),
    );
    expect(push.payload.url.startsWith('/')).toBe(true);
    expect(pushesTo(benPhone.id)).toEqual([]);
  });

  it('answers the request that caused a push while the push service never answers', async () => {
    const [sender, recipient] = [await signUpVerified(t), await signUpVerified(t)];
    const phone = service.device();
    await subscribe(recipient.token, phone.subscription);
    service.hang(phone.id);
    // Were the message's answer waiting for the push service, it would never come.
    await message(sender, recipient, 'Are you there?');
    // The push was sent after all, by the job, and is still waiting for the service.
    await service.waitForHeld(phone.id);
    service.release();
  });

  it('removes a device its push service answers 410 for, and one whose session signed out', async () => {
    const [ada, ben] = await Promise.all([signUpVerified(t), signUpVerified(t)]);
    const benPhone = service.device();
    await subscribe(ben.token, benPhone.subscription);
    service.gone(benPhone.id);
    await message(ada, ben, 'Gone?');
    await until(
      async () => (await pushState(ben.token)).devices.length === 0,
      'the gone device removed',
      10_000,
    );

    const laptop = service.device();
    await subscribe(ben.token, laptop.subscription);
    expect((await pushState(ben.token)).devices).toHaveLength(1);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(ben.token) });
    expect(out.statusCode).toBeLessThan(300);
    const again = await post(t, '/api/auth/signin', { email: ben.email, password: ben.password });
    expect((await pushState(again.json<{ token: string }>().token)).devices).toEqual([]);
  });

  it('turns one device off by its endpoint or by its id, only for its owner', async () => {
    const [ben, mallory] = await Promise.all([signUpVerified(t), signUpVerified(t)]);
    const [phone, laptop] = [service.device(), service.device()];
    await subscribe(ben.token, phone.subscription);
    const id = (await subscribe(ben.token, laptop.subscription)).json<PushState>().devices[1]?.id;
    // Someone else's device is not theirs to turn off.
    await post(
      t,
      '/api/me/push/unsubscribe',
      { endpoint: phone.subscription.endpoint },
      { token: mallory.token },
    );
    await post(t, '/api/me/push/unsubscribe', { id }, { token: mallory.token });
    expect((await pushState(ben.token)).devices).toHaveLength(2);

    await post(
      t,
      '/api/me/push/unsubscribe',
      { endpoint: phone.subscription.endpoint },
      { token: ben.token },
    );
    const left = await post(t, '/api/me/push/unsubscribe', { id }, { token: ben.token });
    expect(left.json<PushState>().devices).toEqual([]);
    expect((await post(t, '/api/me/push/unsubscribe', {}, { token: ben.token })).statusCode).toBe(400);
  });

  it('tells a creator’s subscribers of a new post, by name only, and no one else', async () => {
    const owner = await approvedCreator(t);
    const [subscriber, follower] = [await signUpVerified(t), await signUpVerified(t)];
    await subscribed(t, subscriber.token, owner.creator.handle);
    const [subscriberPhone, followerPhone] = [service.device(), service.device()];
    await subscribe(subscriber.token, subscriberPhone.subscription);
    await subscribe(follower.token, followerPhone.subscription);

    const made = await buildPost(t, owner.token, {
      visibility: 'subscribers',
      youtube: true,
      description: 'Behind the scenes of the shoot',
    });
    const push = await service.waitFor((p) => p.deviceId === subscriberPhone.id);
    expect(push.payload).toEqual({
      title: `${owner.creator.displayName} posted something new`,
      body: '',
      url: `/post/${made.id}`,
      tag: `post-${made.id}`,
    });
    // The follower is not a subscriber: a message of the creator's reaches them, the post did not.
    await message(owner, follower, 'Welcome!');
    await service.waitFor((p) => p.deviceId === followerPhone.id);
    expect(pushesTo(followerPhone.id).map((p) => p.payload.title)).toEqual([
      `New message from ${owner.creator.displayName}`,
    ]);
    expect(JSON.stringify(service.received)).not.toContain('Behind the scenes');
  });

  it('tells no subscriber of a new post across a block, either way', async () => {
    const owner = await approvedCreator(t);
    const [blocked, blocking, kept] = [
      await signUpVerified(t),
      await signUpVerified(t),
      await signUpVerified(t),
    ];
    const phones = [service.device(), service.device(), service.device()];
    for (const [i, fan] of [blocked, blocking, kept].entries()) {
      await subscribed(t, fan.token, owner.creator.handle);
      await subscribe(fan.token, phones[i]?.subscription ?? {});
    }
    // The creator blocks one subscriber; another blocks the creator. Their subscriptions run on.
    expect(
      (await post(t, '/api/me/blocks', { userId: blocked.user.id }, { token: owner.token })).statusCode,
    ).toBe(200);
    expect(
      (await post(t, '/api/me/blocks', { userId: owner.user.id }, { token: blocking.token })).statusCode,
    ).toBe(200);
    const made = await buildPost(t, owner.token, { visibility: 'subscribers', youtube: true });
    // The subscriber outside the block is told: the job has run for everyone.
    const push = await service.waitFor(
      (p) => p.deviceId === phones[2]?.id && p.payload.url === `/post/${made.id}`,
    );
    expect(push.payload.title).toBe(`${owner.creator.displayName} posted something new`);
    expect(pushesTo(phones[0]?.id ?? '')).toEqual([]);
    expect(pushesTo(phones[1]?.id ?? '')).toEqual([]);
  });

  it('tells a fan their renewal failed, on a device still signed in', async () => {
    const owner = await approvedCreator(t);
    const buyer = await signUpVerified(t);
    await subscribed(t, buyer.token, owner.creator.handle, 'monthly', { failRenewals: true });
    const oldPhone = service.device();
    await subscribe(buyer.token, oldPhone.subscription);
    // Past the renewal, and past the 30-day life of the first session: the fan signs in again on another phone.
    t.clock.advance(30 * DAY + 60 * 60 * 1000);
    const phone = service.device();
    await subscribe(await signIn(t, buyer), phone.subscription);
    await runJob(t);
    const push = await service.waitFor((p) => p.deviceId === phone.id);
    expect(push.payload.title).toMatch(
      new RegExp(`^Your subscription to ${owner.creator.displayName} could not renew`),
    );
    expect(push.payload.url).toBe(`/public-profile/${owner.creator.handle}`);
    expect(pushesTo(oldPhone.id)).toEqual([]);
  });
});
