import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageIdle } from '../../../lib/page-idle.ts';
import { buildMedia, buildPost, postPage } from '../test/build-post.ts';
import { keepListsForOffline, type PostPages, PROCESSING_REFRESH_MS, refreshInterval } from './post-pages.ts';

const now = Date.parse('2026-03-01T12:00:00Z');
const expiring = (id: string, at: string | null) =>
  buildPost({ id, media: buildMedia({ urlsExpireAt: at }) });
const pages = (...items: ReturnType<typeof buildPost>[]): PostPages => ({
  pages: [postPage(items.slice(0, 1)), postPage(items.slice(1))],
  pageParams: [null, 'next'],
});

describe('refreshInterval', () => {
  it('does not poll a list whose media links never expire', () => {
    expect(refreshInterval(pages(expiring('a', null), buildPost({ media: null })), now)).toBe(false);
    expect(refreshInterval(undefined, now)).toBe(false);
  });

  it('refreshes 90 seconds before the first link of any page expires', () => {
    const data = pages(expiring('a', '2026-03-01T12:10:00Z'), expiring('b', '2026-03-01T12:06:00Z'));
    expect(refreshInterval(data, now)).toBe(6 * 60_000 - 90_000);
  });

  it('waits at least 15 seconds, even when a link is already about to expire', () => {
    expect(refreshInterval(pages(expiring('a', '2026-03-01T12:00:30Z')), now)).toBe(15_000);
  });

  it('asks again every few seconds while one of the owner’s uploads is processing, and stops after', () => {
    const processing = buildPost({
      id: 'p',
      media: buildMedia({ status: 'processing', urlsExpireAt: null }),
    });
    expect(refreshInterval(pages(expiring('a', '2026-03-01T12:10:00Z'), processing), now)).toBe(
      PROCESSING_REFRESH_MS,
    );
    const laterItem = buildPost({ id: 'q', items: [buildMedia({ status: 'processing' })] });
    expect(refreshInterval(pages(laterItem), now)).toBe(PROCESSING_REFRESH_MS);
    const failed = buildPost({ id: 'p', media: buildMedia({ status: 'failed', urlsExpireAt: null }) });
    expect(refreshInterval(pages(failed), now)).toBe(false);
  });
});

describe('keepListsForOffline', () => {
  const feedKey = ['posts', 'feed', 'viewer-1'] as const;
  const serverData: PostPages = { pages: [postPage([buildPost({ id: 'from-server' })])], pageParams: [null] };
  let asked: string[] = [];
  const options = (key: readonly string[]) => ({
    queryKey: key,
    queryFn: async () => {
      asked.push(key.join('/'));
      return postPage([buildPost({ id: 'from-api' })]);
    },
    initialPageParam: null as string | null,
    getNextPageParam: () => null,
    staleTime: 5 * 60_000,
  });
  const controlled = (controller: object | null) =>
    Object.defineProperty(navigator, 'serviceWorker', { value: { controller }, configurable: true });

  beforeEach(() => {
    asked = [];
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('asks again for a list the server sent once it is on screen, even when it mounts after the page went idle', async () => {
    controlled({});
    const client = new QueryClient();
    client.setQueryData(feedKey, serverData);
    client.setQueryData(['posts', 'liked', 'viewer-1'], serverData);
    keepListsForOffline(client);
    await pageIdle();
    // Its code has not come yet: nothing is asked for.
    expect(client.isFetching()).toBe(0);
    expect(asked).toEqual([]);
    const feed = new InfiniteQueryObserver(client, options(feedKey));
    const stopFeed = feed.subscribe(() => undefined);
    await vi.waitFor(() => {
      expect(asked).toEqual(['posts/feed/viewer-1']);
      expect(client.isFetching()).toBe(0);
    });
    // Once only, and never a list the worker does not keep.
    const liked = new InfiniteQueryObserver(client, options(['posts', 'liked', 'viewer-1']));
    const stopLiked = liked.subscribe(() => undefined);
    const again = new InfiniteQueryObserver(client, options(feedKey));
    const stopAgain = again.subscribe(() => undefined);
    expect(client.isFetching()).toBe(0);
    expect(asked).toEqual(['posts/feed/viewer-1']);
    for (const stop of [stopFeed, stopLiked, stopAgain]) stop();
    client.clear();
  });

  it('asks for nothing when no service worker controls the page', async () => {
    controlled(null);
    const client = new QueryClient();
    client.setQueryData(feedKey, serverData);
    keepListsForOffline(client);
    await pageIdle();
    const stop = new InfiniteQueryObserver(client, options(feedKey)).subscribe(() => undefined);
    expect(client.isFetching()).toBe(0);
    expect(asked).toEqual([]);
    stop();
    client.clear();
  });
});
