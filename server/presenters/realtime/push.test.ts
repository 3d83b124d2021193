import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../common/schemas/messages.ts';
import { payloadFor } from '../../services/realtime/push.service.ts';
import { pushForMessage } from './push.ts';

const sender = { firstName: 'Ada', lastName: 'Obi', creator: { displayName: 'Ada Studio' } };
const base: ChatMessage = {
  id: 'm1',
  conversationId: 'c1',
  senderId: 'u1',
  text: 'The full set is inside',
  clientId: null,
  createdAt: '2026-11-27T12:00:00.000Z',
  canReport: true,
};
const attachment = (price: { amount: number; currency: string } | null) => ({
  items: [],
  counts: { photos: 2, videos: 1 },
  price,
  locked: price !== null,
  canUnlock: price !== null,
});

describe('what a message push says', () => {
  it('a pay-per-view message: who and the price, never its words or what it holds', () => {
    const made = pushForMessage(
      { ...base, attachment: attachment({ amount: 500, currency: 'USD' }) },
      sender,
    );
    expect(made).toEqual({
      kind: 'paid_message',
      message: {
        title: 'Ada Studio sent you a pay-per-view message',
        body: '$5.00 to unlock',
        url: '/message?user=u1',
        tag: 'message-u1',
      },
    });
    // Hiding previews changes nothing here: there was none.
    expect(JSON.stringify(payloadFor(made?.message ?? { title: '', url: '/' }, false))).not.toContain(
      'full set',
    );
  });

  it('a free message: its words as a preview, which the recipient may hide', () => {
    const made = pushForMessage({ ...base, attachment: attachment(null) }, { ...sender, creator: null });
    expect(made?.kind).toBe('message');
    const message = made?.message ?? { title: '', url: '/' };
    expect(payloadFor(message, false)).toMatchObject({
      title: 'New message from Ada Obi',
      body: 'The full set is inside',
    });
    expect(payloadFor(message, true)).toMatchObject({ title: 'New message from Ada Obi', body: '' });
    const photoOnly = pushForMessage({ ...base, text: '', attachment: attachment(null) }, sender);
    expect(payloadFor(photoOnly?.message ?? { title: '', url: '/' }, false).body).toBe(
      'Sent a photo or video',
    );
  });

  it('a tip’s message is not pushed (the tip notification says it), and long words are cut', () => {
    expect(pushForMessage({ ...base, tip: { amount: 500, currency: 'USD' } }, sender)).toBeNull();
    const long = pushForMessage({ ...base, text: 'x'.repeat(1000) }, sender);
    expect(payloadFor(long?.message ?? { title: '', url: '/' }, false).body).toHaveLength(180);
  });
});
