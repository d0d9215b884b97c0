/**
 * Colour theme: 'light', 'dark' or 'system' (the default, following prefers-color-scheme).
 * The stored choice is applied before first paint by an inline script (theme-script.ts: no flash
 * of the wrong theme); the toggle switches between light and dark and persists the choice. */
import { KEYS, readRaw, subscribe, writeRaw } from '../storage/storage.ts';
import { DARK_QUERY } from './theme-script.ts';

type ThemeChoice = 'light' | 'dark' | 'system';
type Theme = 'light' | 'dark';

// When storage refuses a write (disabled, full), the choice still holds for this page's life.
let unsaved: ThemeChoice | null = null;
const listeners = new Set<() => void>();

export function parseChoice(value: string | null): ThemeChoice {
  return value === 'light' || value === 'dark' ? value : 'system';
}

function storedChoice(): ThemeChoice {
  return unsaved ?? parseChoice(readRaw(KEYS.theme));
}

function systemTheme(): Theme {
  return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

export function resolveTheme(choice: ThemeChoice = storedChoice()): Theme {
  return choice === 'system' ? systemTheme() : choice;
}

/** The theme the toggle switches to: always an explicit light or dark, never back to system. */
export function oppositeTheme(theme: Theme): Theme {
  return theme === 'dark' ? 'light' : 'dark';
}

function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
}

/** Persists the choice (when storage allows) and applies it at once either way. */
export function setThemeChoice(choice: ThemeChoice): void {
  unsaved = writeRaw(KEYS.theme, choice) ? null : choice;
  applyTheme(resolveTheme(choice));
  listeners.forEach((listener) => listener());
}

/** Calls `onChange` when the resolved theme may have changed: a new choice here or in another tab, or an OS switch. */
export function subscribeTheme(onChange: () => void): () => void {
  listeners.add(onChange);
  const unsubscribeStorage = subscribe(KEYS.theme, onChange);
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => {
    listeners.delete(onChange);
    unsubscribeStorage();
    query.removeEventListener('change', onChange);
  };
}

/** Keeps <html data-theme> in step with the choice: the OS setting while it is 'system', another tab's choice too. */
export function followSystemTheme(): () => void {
  return subscribeTheme(() => applyTheme(resolveTheme()));
}
