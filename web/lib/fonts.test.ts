import { describe, expect, it, vi } from 'vitest';
import { storageKeys } from '#common/storage-keys.ts';
import {
  applyFontPreferences,
  defaultFontPreferences,
  fontStack,
  getFontPreferences,
  parseFontPreferences,
  resetFontPreferences,
  saveFontPreferences,
} from './fonts.ts';

describe('parseFontPreferences', () => {
  it('uses inter / roboto mono / inter when nothing is saved', () => {
    expect(parseFontPreferences(null)).toEqual({ sans: 'inter', mono: 'robotoMono', heading: 'inter' });
  });

  it('reads valid saved choices', () => {
    const saved = JSON.stringify({ sans: 'poppins', mono: 'system', heading: 'duplicateSans' });
    expect(parseFontPreferences(saved)).toEqual({
      sans: 'poppins',
      mono: 'system',
      heading: 'duplicateSans',
    });
  });

  it('logs unreadable JSON and falls back to the defaults', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseFontPreferences('{oops')).toEqual(defaultFontPreferences);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('logs a non-object and falls back to the defaults', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseFontPreferences('"poppins"')).toEqual(defaultFontPreferences);
    expect(parseFontPreferences('null')).toEqual(defaultFontPreferences);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('replaces only the unknown slot with its default', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const saved = JSON.stringify({ sans: 'comicSans', mono: 'robotoMono', heading: 'poppins' });
    expect(parseFontPreferences(saved)).toEqual({ sans: 'inter', mono: 'robotoMono', heading: 'poppins' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('comicSans'));
  });
});

describe('applying fonts', () => {
  it('sets one CSS variable per slot', () => {
    applyFontPreferences({ sans: 'poppins', mono: 'system', heading: 'robotoMono' });
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--app-font-sans')).toContain('Poppins');
    expect(style.getPropertyValue('--app-font-mono')).toContain('ui-monospace');
    expect(style.getPropertyValue('--app-font-heading')).toContain('Roboto Mono');
  });

  it('maps Duplicate Sans to itself first, then an open fallback', () => {
    expect(fontStack('duplicateSans', 'sans').startsWith("'Duplicate Sans', Poppins")).toBe(true);
  });

  it('saves to font-preferences and resets to the defaults', () => {
    saveFontPreferences({ sans: 'system', mono: 'robotoMono', heading: 'poppins' });
    expect(JSON.parse(localStorage.getItem(storageKeys.fonts) ?? '{}')).toEqual({
      sans: 'system',
      mono: 'robotoMono',
      heading: 'poppins',
    });
    expect(getFontPreferences().sans).toBe('system');
    resetFontPreferences();
    expect(localStorage.getItem(storageKeys.fonts)).toBeNull();
    expect(getFontPreferences()).toEqual(defaultFontPreferences);
  });
});
