import { readText, writeText } from './storage';

/** "system" follows prefers-color-scheme; the others pin a theme. The choice is remembered on the device. */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

const STORAGE_KEY = 'theme';
const listeners = new Set<() => void>();

/** The theme chosen on this device, else "system". */
export function readTheme(): Theme {
  const stored = readText(STORAGE_KEY);
  return THEMES.find((theme) => theme === stored) ?? 'system';
}

/** Sets data-theme on <html>; the stylesheet reads it (and prefers-color-scheme when it is absent). */
export function applyTheme(theme: Theme = readTheme()): void {
  const root = document.documentElement;
  if (theme === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', theme);
}

export function setTheme(theme: Theme): void {
  writeText(STORAGE_KEY, theme); // when it cannot be stored, it applies for this visit only
  applyTheme(theme);
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever the theme is chosen in this tab; returns what stops it. */
export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
