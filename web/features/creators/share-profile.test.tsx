import { render, screen } from '@testing-library/react';
import { toast as sonner } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/ui/toaster.tsx';
import { onToasterReady } from '../../lib/toast.ts';
import { PROFILE_LINK_COPIED, shareProfile } from './share-profile.ts';

const lena = { displayName: 'Lena Park', handle: 'lena', bio: 'Film photographer in Seoul.' };

/** Gives the page a Web Share API (as phones have) that answers with `outcome`. */
function withWebShare(outcome: () => Promise<void> = async () => {}) {
  const shared: ShareData[] = [];
  Object.defineProperty(navigator, 'share', {
    configurable: true,
    writable: true,
    value: (data: ShareData) => {
      shared.push(data);
      return outcome();
    },
  });
  return shared;
}

const toastShown = () => screen.queryByText(PROFILE_LINK_COPIED);

/**
 * Raises a toast after whatever the action raised and waits until it shows: toasts appear in the
 * order raised, so any toast the action raised is on screen by then.
 */
async function laterToastShown(): Promise<void> {
  sonner('A later toast');
  await screen.findByText('A later toast');
}

beforeEach(async () => {
  render(<Toaster theme="light" onReady={onToasterReady} />);
  window.history.replaceState(null, '', '/public-profile/lena?tab=posts');
  await navigator.clipboard.writeText('');
});

afterEach(() => {
  sonner.dismiss();
  Reflect.deleteProperty(navigator, 'share');
});

describe('shareProfile', () => {
  it('opens the device share sheet with the name, handle, bio and the page address', async () => {
    const shared = withWebShare();
    await shareProfile(lena);
    expect(shared).toEqual([
      {
        title: 'Lena Park (@lena)',
        text: 'Film photographer in Seoul.',
        url: `${window.location.origin}/public-profile/lena?tab=posts`,
      },
    ]);
    expect(await navigator.clipboard.readText()).toBe('');
    await laterToastShown();
    expect(toastShown()).toBeNull();
  });

  it('shares the page a path names instead of the current one', async () => {
    const shared = withWebShare();
    await shareProfile(lena, '/public-profile/lena');
    expect(shared[0]?.url).toBe(`${window.location.origin}/public-profile/lena`);
  });

  it("without Web Share, copies the link and says 'Profile link copied to clipboard!'", async () => {
    expect('share' in navigator).toBe(false);
    await shareProfile(lena, '/public-profile/lena');
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/public-profile/lena`);
    expect(await screen.findByText(PROFILE_LINK_COPIED)).toBeTruthy();
  });

  it('treats a dismissed share sheet as nothing happening: no copy, no toast, no warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    withWebShare(() => Promise.reject(new DOMException('Share canceled', 'AbortError')));
    await shareProfile(lena);
    expect(await navigator.clipboard.readText()).toBe('');
    expect(warn).not.toHaveBeenCalled();
    await laterToastShown();
    expect(toastShown()).toBeNull();
  });

  it('logs a failed share or copy without claiming the link was copied', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    withWebShare(() => Promise.reject(new DOMException('Not allowed', 'NotAllowedError')));
    await expect(shareProfile(lena)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('Sharing the profile failed', expect.any(DOMException));

    Reflect.deleteProperty(navigator, 'share');
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('Denied', 'NotAllowedError'),
    );
    await expect(shareProfile(lena)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
    await laterToastShown();
    expect(toastShown()).toBeNull();
  });
});
