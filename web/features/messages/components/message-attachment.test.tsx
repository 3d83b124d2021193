import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MediaView } from '#common/schemas/media.ts';
import type { ChatMessage } from '#common/schemas/messages.ts';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { MessageAttachment } from './message-attachment.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  signOutForTest();
});

function photo(id: string, locked: boolean): MediaView {
  const preview = `/api/media/${id}/preview`;
  return {
    id,
    kind: 'image',
    purpose: 'post',
    status: 'ready',
    failureReason: null,
    width: 800,
    height: 600,
    duration: null,
    thumbhash: null,
    placeholder: null,
    locked,
    url: locked ? preview : `/api/media/${id}/w800?sig=x`,
    urls: {
      preview,
      sources: locked
        ? []
        : [{ width: 800, height: 600, type: 'image/webp', url: `/api/media/${id}/w800?sig=x` }],
      poster: null,
      video: null,
      hls: null,
      document: null,
    },
    urlsExpireAt: null,
  };
}

const attachment = (locked: boolean, canUnlock: boolean): NonNullable<ChatMessage['attachment']> => ({
  items: [photo('m-1', locked), photo('m-2', locked)],
  counts: { photos: 2, videos: 0 },
  price: { amount: 300, currency: 'USD' },
  locked,
  canUnlock,
});

const render = (value: NonNullable<ChatMessage['attachment']>, mine = false) =>
  renderRoutes(
    [{ path: '/message', element: <MessageAttachment messageId="msg-1" attachment={value} mine={mine} /> }],
    '/message?c=c-1',
  );

describe('a message with photos and videos', () => {
  it('shows a locked message as blurred previews only, says what is inside, and unlocks through the checkout', async () => {
    signInAs();
    const requests = stubFetch((request) =>
      request.method === 'GET'
        ? json(200, { card: null })
        : json(200, {
            authorization_url: '/api/payments/sandbox/checkout/ref-9',
            access_code: 'a',
            reference: 'ref-9',
            amount: { amount: 300, currency: 'USD' },
          }),
    );
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    render(attachment(true, true));

    const images = screen.getAllByRole('img', { name: /locked/ });
    expect(images).toHaveLength(2);
    for (const image of images) expect(image.getAttribute('src')).toMatch(/\/preview$/);
    expect(screen.getByRole('list', { name: 'Locked: 2 photos' })).toBeTruthy();
    expect(screen.getByText('2 photos')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Unlock for $3' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payments/sandbox/checkout/ref-9'));
    // No card saved: straight to the checkout page.
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /api/me/saved-card',
      'POST /api/messages/msg-1/unlock',
    ]);
    expect(screen.getByRole('button', { name: 'Opening checkout…' })).toHaveProperty('disabled', true);
  });

  it('shows the unlocked items in full, with no Unlock, to the fan who paid and to the sender', () => {
    render(attachment(false, false));
    expect(screen.queryByRole('img', { name: /locked/ })).toBeNull();
    expect(screen.getAllByRole('img', { name: /^Photo \d of 2$/ })).toHaveLength(2);
    expect(screen.getByText('Unlocked for $3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Unlock/ })).toBeNull();
    cleanup();
    render(attachment(false, false), true);
    expect(screen.getByText('Pay-per-view, $3')).toBeTruthy();
  });
});
