/**
 * Colour theme: 'light', 'dark' or 'system' (the default, following prefers-color-scheme).
 * The stored choice is applied before first paint by the inline script below (no flash of the
 * wrong theme); the toggle switches between light and dark and persists the choice.
 *
 * This module is imported by vite.config.ts (for the inline script), so it must not import React.
 */
import { KEYS, readRaw, subscribe, writeRaw } from '../storage/storage.ts';

type ThemeChoice = 'light' | 'dark' | 'system';
type Theme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * Runs inline in <head> before the body paints. Kept tiny and dependency-free; its hash is put in
 * the Content-Security-Policy by the pre-render script, so no 'unsafe-inline' is needed.
 */
export const THEME_INIT_SCRIPT = `(function(){var t;try{t=localStorage.getItem(${JSON.stringify(KEYS.theme)})}catch(e){}if(t!=="light"&&t!=="dark"){t=matchMedia("${DARK_QUERY}").matches?"dark":"light"}var d=document.documentElement;d.dataset.theme=t;d.style.colorScheme=t})()`;

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
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
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
