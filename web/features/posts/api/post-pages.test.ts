import { describe, expect, it } from 'vitest';
import { buildMedia, buildPost, postPage } from '../test/build-post.ts';
import { type PostPages, PROCESSING_REFRESH_MS, refreshInterval } from './post-pages.ts';

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
