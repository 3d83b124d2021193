import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IOS_HINT_DISMISSED_KEY, IosInstallHint, needsHomeScreenForPush } from './ios-install-hint.tsx';

const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 Version/18.5 Mobile/15E148 Safari/604.1';
const device = { userAgent: iphone, platform: 'iPhone', maxTouchPoints: 5, displayStandalone: false };

describe('the iOS Home Screen hint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('is for iPhones and iPads in the browser, not for the app on the Home Screen or other devices', () => {
    expect(needsHomeScreenForPush(device)).toBe(true);
    // iPadOS says it is a Mac with a touch screen.
    expect(needsHomeScreenForPush({ ...device, userAgent: 'Macintosh', platform: 'MacIntel' })).toBe(true);
    expect(needsHomeScreenForPush({ ...device, standalone: true })).toBe(false);
    expect(needsHomeScreenForPush({ ...device, displayStandalone: true })).toBe(false);
    expect(
      needsHomeScreenForPush({ ...device, userAgent: 'Macintosh', platform: 'MacIntel', maxTouchPoints: 0 }),
    ).toBe(false);
    expect(
      needsHomeScreenForPush({ ...device, userAgent: 'Mozilla/5.0 (Linux; Android 15)', platform: 'Linux' }),
    ).toBe(false);
  });

  it('says how to add the app, and once dismissed stays away', () => {
    vi.stubGlobal('navigator', { ...navigator, userAgent: iphone, platform: 'iPhone', maxTouchPoints: 5 });
    const { unmount } = render(<IosInstallHint />);
    expect(screen.getByText(/To get notifications, tap/).textContent).toContain('Add to Home Screen');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/To get notifications/)).toBeNull();
    expect(localStorage.getItem(IOS_HINT_DISMISSED_KEY)).toBe('1');
    unmount();
    render(<IosInstallHint />);
    expect(screen.queryByText(/To get notifications/)).toBeNull();
  });
});
