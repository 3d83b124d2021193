import { useSyncExternalStore } from 'react';
import { storageKeys } from '#common/storage-keys.ts';
import { onStorageChange, storage } from './storage.ts';

export const themes = ['light', 'dark', 'system'] as const;
export type Theme = (typeof themes)[number];
export type ResolvedTheme = 'light' | 'dark';

export interface ThemeState {
  theme: Theme;
  resolved: ResolvedTheme;
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function parseTheme(value: string | null): Theme {
  return themes.find((theme) => theme === value) ?? 'system';
}

export function resolveTheme(theme: Theme, systemPrefersDark: boolean): ResolvedTheme {
  if (theme === 'system') return systemPrefersDark ? 'dark' : 'light';
  return theme;
}

function darkQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(DARK_QUERY)
    : null;
}

/** Mirrors public/theme-init.js, which applies the same class before the first paint. */
export function applyResolvedTheme(
  resolved: ResolvedTheme,
  root: HTMLElement = document.documentElement,
): void {
  root.classList.toggle('dark', resolved === 'dark');
  root.style.colorScheme = resolved;
}

function compute(): ThemeState {
  const theme = parseTheme(storage.get(storageKeys.theme));
  return { theme, resolved: resolveTheme(theme, darkQuery()?.matches ?? false) };
}

let state: ThemeState = compute();
const listeners = new Set<() => void>();

function refresh(): void {
  const next = compute();
  applyResolvedTheme(next.resolved);
  if (next.theme === state.theme && next.resolved === state.resolved) return;
  state = next;
  for (const listener of listeners) listener();
}

export function getThemeState(): ThemeState {
  return state;
}

/** Persists the choice under `ui-theme` and applies it at once. */
export function setTheme(theme: Theme): void {
  storage.set(storageKeys.theme, theme);
  refresh();
}

/**
 * Applies the stored theme and keeps following the operating system (for 'system') and other tabs.
 * Returns a function that stops listening.
 */
export function initTheme(): () => void {
  refresh();
  const query = darkQuery();
  query?.addEventListener('change', refresh);
  const stopWatchingOtherTabs = onStorageChange([storageKeys.theme], refresh);
  return () => {
    query?.removeEventListener('change', refresh);
    stopWatchingOtherTabs();
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): ThemeState {
  return useSyncExternalStore(subscribe, getThemeState, getThemeState);
}
