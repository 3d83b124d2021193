import { afterEach, describe, expect, it } from 'vitest';
import { storageKeys } from '#common/storage-keys.ts';
import themeInitScript from '../public/theme-init.js?raw';
import { fakeMatchMedia } from '../test/fake-media-query.ts';
import { getThemeState, initTheme, parseTheme, resolveTheme, setTheme } from './theme.ts';

const isDark = () => document.documentElement.classList.contains('dark');
let stop: (() => void) | undefined;

afterEach(() => {
  stop?.();
  stop = undefined;
});

describe('theme resolution', () => {
  it("defaults to 'system' for missing or unknown values", () => {
    expect(parseTheme(null)).toBe('system');
    expect(parseTheme('purple')).toBe('system');
    expect(parseTheme('dark')).toBe('dark');
  });

  it('resolves system from the OS preference and keeps explicit choices', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});

describe('theme store', () => {
  it('follows the OS live while on system', () => {
    const os = fakeMatchMedia(true);
    stop = initTheme();
    expect(getThemeState()).toEqual({ theme: 'system', resolved: 'dark' });
    expect(isDark()).toBe(true);

    os.setMatches(false);
    expect(getThemeState().resolved).toBe('light');
    expect(isDark()).toBe(false);
  });

  it("persists the choice under 'ui-theme' and ignores the OS for explicit themes", () => {
    const os = fakeMatchMedia(false);
    stop = initTheme();
    setTheme('dark');
    expect(localStorage.getItem(storageKeys.theme)).toBe('dark');
    expect(isDark()).toBe(true);

    setTheme('light');
    os.setMatches(true);
    expect(getThemeState()).toEqual({ theme: 'light', resolved: 'light' });
    expect(isDark()).toBe(false);
  });

  it('restores a saved choice on start', () => {
    fakeMatchMedia(false);
    localStorage.setItem(storageKeys.theme, 'dark');
    stop = initTheme();
    expect(getThemeState().theme).toBe('dark');
    expect(isDark()).toBe(true);
  });

  it('stops listening to the OS when disposed', () => {
    const os = fakeMatchMedia(false);
    initTheme()();
    expect(os.listenerCount()).toBe(0);
  });
});

describe('public/theme-init.js (runs before the first paint)', () => {
  const run = () => new Function(themeInitScript)();

  it('applies a saved dark theme', () => {
    fakeMatchMedia(false);
    localStorage.setItem(storageKeys.theme, 'dark');
    run();
    expect(isDark()).toBe(true);
  });

  it('follows the OS when nothing is saved', () => {
    fakeMatchMedia(true);
    run();
    expect(isDark()).toBe(true);
  });

  it('keeps light when light is saved, whatever the OS says', () => {
    fakeMatchMedia(true);
    localStorage.setItem(storageKeys.theme, 'light');
    run();
    expect(isDark()).toBe(false);
  });
});
