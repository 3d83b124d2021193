import { render, screen } from '@testing-library/react';
import { toast as sonner } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '../../components/ui/toaster.tsx';
import { onToasterReady } from '../../lib/toast.ts';
import { POST_LINK_COPIED, sharePost } from './share-post.ts';

const post = {
  id: 'post 42',
  description: 'Golden hour on the river.',
  creator: { displayName: 'Lena Park', handle: 'lena' },
} as Parameters<typeof sharePost>[0];

beforeEach(async () => {
  render(<Toaster theme="light" onReady={onToasterReady} />);
  window.history.replaceState(null, '', '/discover?tab=following');
  await navigator.clipboard.writeText('');
});

afterEach(() => {
  sonner.dismiss();
  Reflect.deleteProperty(navigator, 'share');
});

describe('sharePost', () => {
  it("shares the post's own page, not the page the feed is on", async () => {
    const shared: ShareData[] = [];
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      writable: true,
      value: async (data: ShareData) => {
        shared.push(data);
      },
    });
    await sharePost(post);
    expect(shared).toEqual([
      {
        title: 'Lena Park (@lena)',
        text: 'Golden hour on the river.',
        url: `${window.location.origin}/post/post%2042`,
      },
    ]);
  });

  it("without Web Share, copies the post's address and says 'Post link copied to clipboard!'", async () => {
    expect('share' in navigator).toBe(false);
    await sharePost(post);
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/post/post%2042`);
    expect(POST_LINK_COPIED).toBe('Post link copied to clipboard!');
    expect(await screen.findByText('Post link copied to clipboard!')).toBeTruthy();
    expect(screen.queryByText('Profile link copied to clipboard!')).toBeNull();
  });
});
