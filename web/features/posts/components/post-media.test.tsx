import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MediaView } from '#common/schemas/media.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { PROCESSING_POLL_MS } from '../../media/api/get-media.ts';
import { buildMedia, buildPost } from '../test/build-post.ts';
import { PostMedia } from './post-media.tsx';

const processingVideo = (): MediaView =>
  buildMedia({
    kind: 'video',
    status: 'processing',
    url: null,
    duration: 12,
    urls: { preview: null, sources: [], poster: null, video: null, hls: null, document: null },
  });

const readyVideo = (): MediaView =>
  buildMedia({
    kind: 'video',
    status: 'ready',
    url: '/api/media/m-1/video?expires=1&sig=a',
    duration: 12,
    urls: {
      preview: '/api/media/m-1/preview',
      sources: [],
      poster: '/api/media/m-1/poster?expires=1&sig=b',
      video: '/api/media/m-1/video?expires=1&sig=a',
      hls: null,
      document: null,
    },
  });

function renderMedia(media: MediaView) {
  const client = createQueryClient();
  return render(
    <QueryClientProvider client={client}>
      <PostMedia
        post={buildPost({ isOwner: true, media })}
        active={false}
        priority={false}
        onOpen={() => {}}
        onUnlock={() => {}}
      />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('post media while it is processing', () => {
  it('says "Processing..." and polls the media until the video is ready, then shows it', async () => {
    const answers = [processingVideo(), processingVideo(), readyVideo()];
    const requests = stubFetch(() => json(200, answers.shift() ?? readyVideo()));
    const { container } = renderMedia(processingVideo());

    expect((await screen.findByRole('status')).textContent).toContain('Processing...');
    expect(screen.getByText('Your video appears here when it is ready.')).toBeTruthy();
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.url).toBe('/api/media/m-1');

    await act(() => vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS));
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    expect(screen.getByText('Processing...')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS));
    const open = await screen.findByRole('button', { name: 'Open video by Lena Park' });
    expect(open).toBeTruthy();
    expect(container.querySelector('video')?.getAttribute('poster')).toBe(
      '/api/media/m-1/poster?expires=1&sig=b',
    );
    expect(screen.queryByText('Processing...')).toBeNull();

    // Ready: no more polling.
    await act(() => vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS * 3));
    expect(requests).toHaveLength(3);
  });

  it('shows why processing failed', async () => {
    stubFetch(() =>
      json(200, { ...processingVideo(), status: 'failed', failureReason: 'The video could not be read' }),
    );
    renderMedia(processingVideo());
    expect(await screen.findByText('The video could not be read')).toBeTruthy();
    expect(screen.getByText('This upload could not be processed.')).toBeTruthy();
    expect(screen.queryByText('Processing...')).toBeNull();
  });

  it('asks nothing for media that is ready', async () => {
    const requests = stubFetch(() => json(500, {}));
    renderMedia(buildMedia());
    await act(() => vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS * 2));
    expect(requests).toEqual([]);
    expect(screen.getByRole('button', { name: 'Open photo by Lena Park' })).toBeTruthy();
  });
});

describe('PostMedia placeholder', () => {
  it("paints the server's placeholder behind the picture until it loads", () => {
    const placeholder = 'data:image/png;base64,iVBORw0KGgo=';
    const { container } = renderMedia(buildMedia({ placeholder }));
    const box = container.firstElementChild as HTMLElement;
    expect(box.style.backgroundImage).toBe(`url("${placeholder}")`);
  });

  it('paints nothing behind media that has no placeholder', () => {
    const { container } = renderMedia(buildMedia({ placeholder: null }));
    expect((container.firstElementChild as HTMLElement).style.backgroundImage).toBe('');
  });
});

describe('a text post', () => {
  const textPost = (overrides: Parameters<typeof buildPost>[0]) =>
    buildPost({ media: null, items: [], itemCounts: { photos: 0, videos: 0 }, textOnly: true, ...overrides });
  const renderPost = (post: ReturnType<typeof buildPost>, onUnlock = () => {}) =>
    render(
      <QueryClientProvider client={createQueryClient()}>
        <PostMedia post={post} active={false} priority={false} onOpen={() => {}} onUnlock={onUnlock} />
      </QueryClientProvider>,
    );

  it('has no media box once open: its text is the card', () => {
    const { container } = renderPost(textPost({ description: 'Just words' }));
    expect(container.innerHTML).toBe('');
  });

  it('locked, shows a placeholder with its price and the unlock button, or the subscription', () => {
    const onUnlock = vi.fn();
    renderPost(
      textPost({
        locked: true,
        description: '',
        visibility: 'pay_per_view',
        price: { amount: 300, currency: 'USD' },
      }),
      onUnlock,
    );
    expect(screen.getByText('Locked post · $3')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Unlock for $3' }).click());
    expect(onUnlock).toHaveBeenCalledOnce();
    cleanup();

    renderPost(textPost({ locked: true, description: '', visibility: 'subscribers' }));
    expect(screen.getByText('Locked post · subscribers only')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subscribe to read' })).toBeTruthy();
  });
});
