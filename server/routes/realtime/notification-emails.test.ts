import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList, NotificationSettings } from '../../../common/events.ts';
import type { CheckoutResponse } from '../../../common/schemas/fan-payments.ts';
import {
  call,
  createFanPaymentTestApp,
  creator,
  type FanPaymentTestApp,
  fan,
  ok,
  pay,
  ppvPost,
  settle,
  subscribed,
  unlocked,
  verify,
} from '../../test/billing/fan-payments.ts';
import { buildPost } from '../../test/creators.ts';
import type { CapturedMail } from '../../test/smtp-capture.ts';

/**
 * The creator's emails for new subscribers, purchases, tips and likes: each goes as its switch in
 * Settings > Notifications says (on by default for the first three, off for likes), with the fan's
 * name and never their email. The provider plays no part here, so the sandbox alone is enough.
 */
describe('notification emails to creators', () => {
  let t: FanPaymentTestApp;
  beforeAll(async () => {
    t = await createFanPaymentTestApp('sandbox');
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });
  afterEach(async () => {
    await settle(t);
  });

  const setEmail = (token: string, kind: string, email: boolean) =>
    ok<NotificationSettings>(call(t, 'PUT', '/api/me/notification-settings', token, { kind, email }));
  const tipped = async (token: string, handle: string, amount: number, note?: string) => {
    const checkout = await ok<CheckoutResponse>(
      call(t, 'POST', `/api/creators/${handle}/tips`, token, {
        idempotencyKey: `tip-${randomUUID()}`,
        amount,
        ...(note ? { note } : {}),
      }),
    );
    await pay(t, checkout);
    expect((await verify(t, token, checkout.reference)).status).toBe('succeeded');
    await settle(t);
    return checkout;
  };
  const like = (token: string, postId: string) =>
    ok<{ liked: boolean }>(call(t, 'POST', `/api/posts/${postId}/like`, token));
  /** Every mail to this address so far, once the outbox has sent all it was asked to. */
  const mailTo = async (email: string): Promise<CapturedMail[]> => {
    await t.app.services.outbox.idle();
    return t.smtp.messages.filter((mail) => mail.to.includes(email));
  };
  const creatorMail = /new subscriber|unlocked your|tipped you|liked your/;

  it('shows an email switch for each, on by default except likes', async () => {
    const owner = await creator(t);
    const settings = await ok<NotificationSettings>(
      call(t, 'GET', '/api/me/notification-settings', owner.token),
    );
    const emailOf = (kind: string) => settings.items.find((item) => item.kind === kind)?.email;
    expect(['subscribe', 'purchase', 'tip', 'like'].map(emailOf)).toEqual([true, true, true, false]);
  });

  it('emails the creator of a new subscriber, a purchase and a tip by default, naming the fan, never their email', async () => {
    const owner = await creator(t);
    const buyer = await fan(t, { firstName: 'Mary', lastName: 'Shelley' });
    const handle = owner.creator.handle;

    await subscribed(t, buyer.token, handle);
    const subscriberMail = await t.smtp.waitFor(
      (mail) => mail.to.includes(owner.email) && mail.subject === 'You have a new subscriber: Mary Shelley',
    );
    expect(subscriberMail.text).toContain('Mary Shelley subscribed to you on the Monthly plan for $10.00.');

    const paid = await ppvPost(t, owner.token, '4.99');
    await unlocked(t, buyer.token, paid.id);
    const purchaseMail = await t.smtp.waitFor(
      (mail) => mail.to.includes(owner.email) && mail.subject === 'Mary Shelley unlocked your post',
    );
    expect(purchaseMail.text).toContain('Mary Shelley paid $4.99 to unlock one of your posts.');

    await tipped(buyer.token, handle, 500, 'For the sunsets');
    const tipMail = await t.smtp.waitFor(
      (mail) => mail.to.includes(owner.email) && mail.subject === 'Mary Shelley tipped you $5.00',
    );
    expect(tipMail.text).toContain('Their note: For the sunsets');
    expect(tipMail.text).toMatch(/\/message\?c=/);

    for (const mail of [subscriberMail, purchaseMail, tipMail]) {
      expect(mail.text).toContain('Hi ');
      expect(mail.text).toContain('You can turn these emails off in Settings, under Notifications.');
      expect(mail.text).not.toContain(buyer.email);
      expect(mail.html).not.toContain(buyer.email);
    }
    // Once each: no second copy besides the one the switch governs.
    expect((await mailTo(owner.email)).filter((mail) => creatorMail.test(mail.subject))).toHaveLength(3);
  });

  it('sends none of them once the creator turns each email off; the bell and the fan’s receipts stay', async () => {
    const owner = await creator(t);
    const buyer = await fan(t, { firstName: 'Percy', lastName: 'Shelley' });
    const handle = owner.creator.handle;
    for (const kind of ['subscribe', 'purchase', 'tip']) {
      const settings = await setEmail(owner.token, kind, false);
      expect(settings.items.find((item) => item.kind === kind)).toMatchObject({ inApp: true, email: false });
    }

    const first = await subscribed(t, buyer.token, handle);
    const paid = await ppvPost(t, owner.token, '2.00');
    const second = await unlocked(t, buyer.token, paid.id);
    const third = await tipped(buyer.token, handle, 300);

    const receipts = (await mailTo(buyer.email)).filter((mail) => mail.subject.includes('receipt'));
    for (const { reference } of [first.checkout, second.checkout, third]) {
      expect(receipts.some((mail) => mail.text.includes(reference))).toBe(true);
    }
    expect((await mailTo(owner.email)).filter((mail) => creatorMail.test(mail.subject))).toEqual([]);
    const bell = await ok<NotificationList>(call(t, 'GET', '/api/notifications', owner.token));
    expect(bell.items.map((item) => item.kind).slice(0, 3)).toEqual(['tip', 'purchase', 'subscribe']);
  });

  it('emails likes only to a creator who turned them on', async () => {
    const owner = await creator(t);
    const first = await buildPost(t, owner.token, { youtube: true });
    const second = await buildPost(t, owner.token, { youtube: true });
    const liker = await fan(t, { firstName: 'Claire', lastName: 'Clairmont' });

    // Off by default: in the bell, no email.
    await like(liker.token, first.id);
    const bell = await ok<NotificationList>(call(t, 'GET', '/api/notifications', owner.token));
    expect(bell.items[0]).toMatchObject({ kind: 'like', text: 'Claire Clairmont liked your post' });
    expect((await mailTo(owner.email)).filter((mail) => /liked your/.test(mail.subject))).toEqual([]);

    await setEmail(owner.token, 'like', true);
    await like(liker.token, second.id);
    const likeMail = await t.smtp.waitFor(
      (mail) => mail.to.includes(owner.email) && mail.subject === 'Claire Clairmont liked your post',
    );
    expect(likeMail.text).toContain(`/post/${second.id}`);
    expect(likeMail.text).not.toContain(liker.email);
    expect((await mailTo(owner.email)).filter((mail) => /liked your/.test(mail.subject))).toHaveLength(1);
  });
});
