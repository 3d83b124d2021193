import { describe, expect, it } from 'vitest';
import { readMessage, readMessagePage } from './read-response.ts';

const stored = {
  id: 'm-1',
  conversationId: 'c-1',
  senderId: 'u-2',
  text: 'Hello',
  clientId: null,
  createdAt: '2026-01-05T10:00:00.000Z',
};

describe('reading messages', () => {
  it("keeps the server's canReport", () => {
    expect(readMessage({ ...stored, canReport: true }).canReport).toBe(true);
    expect(readMessage({ ...stored, canReport: false }).canReport).toBe(false);
  });

  it('offers no report on a message from before canReport existed (a replayed event)', () => {
    expect(readMessage(stored).canReport).toBe(false);
    expect(readMessagePage({ items: [stored], nextCursor: null }).items[0]?.canReport).toBe(false);
  });

  it('refuses what is not a message', () => {
    expect(() => readMessage({ ...stored, text: 7 })).toThrow('Unexpected answer from the server (message)');
  });
});
