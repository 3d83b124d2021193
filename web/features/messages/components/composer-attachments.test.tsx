import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AttachmentSend } from '../use-send-attachment.ts';
import { Composer } from './composer.tsx';

afterEach(() => {
  cleanup();
});

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

function setup(result: () => Promise<void>) {
  const sent: AttachmentSend[] = [];
  const plain: string[] = [];
  render(
    <Composer
      recipientName="Rui"
      onSend={(text) => plain.push(text)}
      onSendAttachment={(input) => {
        sent.push(input);
        return result();
      }}
    />,
  );
  return { sent, plain };
}

describe('the composer with photos and videos', () => {
  it('attaches files, checks the price in the spec words, and sends words, items and price together', async () => {
    const { sent, plain } = setup(() => Promise.resolve());
    const attach = screen.getByRole('button', { name: 'Attach photos or videos' });
    expect(attach.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(attach);
    await userEvent.upload(screen.getByLabelText('Choose photos or videos to attach'), [
      png('a.png'),
      png('b.png'),
    ]);
    expect(screen.getByText('(2 of 10)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Photo 2' }));
    expect(screen.getByText('(1 of 10)')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Price to unlock (optional)'), '0.50');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('The price must be between $1 and $500')).toBeTruthy();
    expect(sent).toEqual([]);

    const price = screen.getByLabelText('Price to unlock (optional)');
    await userEvent.clear(price);
    await userEvent.type(price, '3');
    // No words needed when photos go.
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ text: '', price: '3' });
    expect(sent[0]?.items.map((item) => (item.source === 'file' ? item.file.name : item.media.id))).toEqual([
      'a.png',
    ]);
    expect(plain).toEqual([]);
    // Sent: the tray closes and clears.
    await waitFor(() => expect(screen.queryByLabelText('Price to unlock (optional)')).toBeNull());
  });

  it('keeps the words, items and price when sending fails, and says why', async () => {
    const { sent } = setup(() => Promise.reject(new Error('The payment provider could not be reached')));
    await userEvent.click(screen.getByRole('button', { name: 'Attach photos or videos' }));
    await userEvent.upload(screen.getByLabelText('Choose photos or videos to attach'), [png('a.png')]);
    await userEvent.type(screen.getByLabelText('Price to unlock (optional)'), '4');
    await userEvent.type(screen.getByLabelText('Message Rui'), 'For you');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('The payment provider could not be reached')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect((screen.getByLabelText('Message Rui') as HTMLTextAreaElement).value).toBe('For you');
    expect((screen.getByLabelText('Price to unlock (optional)') as HTMLInputElement).value).toBe('4');
    expect(screen.getByText('(1 of 10)')).toBeTruthy();
  });

  it('offers no attachments to someone who may not attach', () => {
    render(<Composer recipientName="Lumen" onSend={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'Attach photos or videos' })).toBeNull();
  });
});
