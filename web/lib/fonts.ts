import { useSyncExternalStore } from 'react';
import { storageKeys } from '#common/storage-keys.ts';
import { onStorageChange, storage } from './storage.ts';

export const fontIds = ['inter', 'robotoMono', 'poppins', 'duplicateSans', 'system'] as const;
export type FontId = (typeof fontIds)[number];

export const fontSlots = ['sans', 'mono', 'heading'] as const;
export type FontSlot = (typeof fontSlots)[number];

export type FontPreferences = Record<FontSlot, FontId>;

export const defaultFontPreferences: FontPreferences = {
  sans: 'inter',
  mono: 'robotoMono',
  heading: 'inter',
};

export const fontLabels: Record<FontId, string> = {
  inter: 'Inter',
  robotoMono: 'Roboto Mono',
  poppins: 'Poppins',
  duplicateSans: 'Duplicate Sans',
  system: 'System',
};

const SYSTEM_SANS =
  "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const SYSTEM_MONO = "ui-monospace, SFMono-Regular, Menlo, Monaco, Consolas, 'Liberation Mono', monospace";

/** The CSS font-family for a font in a slot; 'system' means the device's own face for that slot. */
export function fontStack(font: FontId, slot: FontSlot): string {
  switch (font) {
    case 'inter':
      return `'Inter Variable', Inter, ${SYSTEM_SANS}`;
    case 'robotoMono':
      return `'Roboto Mono', ${SYSTEM_MONO}`;
    case 'poppins':
      return `Poppins, ${SYSTEM_SANS}`;
    case 'duplicateSans':
      // Duplicate Sans is a commercial face: used when installed locally, else Poppins, the closest bundled open face.
      return `'Duplicate Sans', Poppins, ${SYSTEM_SANS}`;
    case 'system':
      return slot === 'mono' ? SYSTEM_MONO : SYSTEM_SANS;
  }
}

const isFontId = (value: unknown): value is FontId => fontIds.some((id) => id === value);

/**
 * Reads saved preferences. Unreadable JSON gives the defaults; an unknown font in one slot gives that
 * slot's default. Either way the problem is only logged, as the spec asks.
 */
export function parseFontPreferences(raw: string | null): FontPreferences {
  if (raw === null) return { ...defaultFontPreferences };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    console.warn('Saved font preferences could not be read; using the defaults', error);
    return { ...defaultFontPreferences };
  }
  if (typeof value !== 'object' || value === null) {
    console.warn('Saved font preferences are not an object; using the defaults', value);
    return { ...defaultFontPreferences };
  }
  const record = value as Record<string, unknown>;
  const preferences = { ...defaultFontPreferences };
  for (const slot of fontSlots) {
    const saved = record[slot];
    if (isFontId(saved)) preferences[slot] = saved;
    else if (saved !== undefined)
      console.warn(`Saved ${slot} font '${String(saved)}' is unknown; using the default`);
  }
  return preferences;
}

/** Sets the CSS variables the stylesheet reads (`--app-font-sans`, `--app-font-mono`, `--app-font-heading`). */
export function applyFontPreferences(
  preferences: FontPreferences,
  root: HTMLElement = document.documentElement,
): void {
  for (const slot of fontSlots)
    root.style.setProperty(`--app-font-${slot}`, fontStack(preferences[slot], slot));
}

let current: FontPreferences | null = null;
const listeners = new Set<() => void>();

function update(next: FontPreferences): void {
  current = next;
  applyFontPreferences(next);
  for (const listener of listeners) listener();
}

export function getFontPreferences(): FontPreferences {
  current ??= parseFontPreferences(storage.get(storageKeys.fonts));
  return current;
}

export function saveFontPreferences(preferences: FontPreferences): void {
  storage.set(storageKeys.fonts, JSON.stringify(preferences));
  update({ ...preferences });
}

export function resetFontPreferences(): void {
  storage.remove(storageKeys.fonts);
  update({ ...defaultFontPreferences });
}

/** Applies the saved fonts and follows changes made in other tabs. Returns a function that stops listening. */
export function initFonts(): () => void {
  applyFontPreferences(getFontPreferences());
  return onStorageChange([storageKeys.fonts], () =>
    update(parseFontPreferences(storage.get(storageKeys.fonts))),
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useFontPreferences(): FontPreferences {
  return useSyncExternalStore(subscribe, getFontPreferences, getFontPreferences);
}
