import { describe, expect, it } from 'vitest';
import { formatLongDate } from '../../lib/format.ts';
import { describeDevice, formatBytes } from './format.ts';
import { settingsTabFrom } from './settings-tabs.ts';

describe('settings formatting', () => {
  it('names the browser and the system of a session', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge on Windows');
    expect(
      describeDevice(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
      ),
    ).toBe('Safari on macOS');
    expect(describeDevice('Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0')).toBe(
      'Firefox on Android',
    );
    expect(describeDevice('curl/8.5.0')).toBe('curl/8.5.0');
    expect(describeDevice(null)).toBe('Unknown device');
  });

  it('writes dates and sizes for people', () => {
    expect(formatLongDate('2026-03-12T23:00:00.000Z')).toMatch(/^1[23] March 2026$/);
    expect(formatLongDate(null)).toBe('—');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(5 * 1024 * 1024 + 300_000)).toBe('5.3 MB');
  });

  it('opens the tab the query names, else Account', () => {
    expect(settingsTabFrom('privacy-safety')).toBe('privacy-safety');
    expect(settingsTabFrom('payments')).toBe('payments');
    expect(settingsTabFrom(null)).toBe('account');
    expect(settingsTabFrom('admin')).toBe('account');
  });
});
