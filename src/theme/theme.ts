/**
 * Colour theme: 'light', 'dark' or 'system' (the default, following prefers-color-scheme).
 * The stored choice is applied before first paint by the inline script below (no flash of the
 * wrong theme); the toggle switches between light and dark and persists the choice.
 */
import { KEYS, readRaw, writeRaw } from '../storage/storage';

export type ThemeChoice = 'light' | 'dark' | 'system';
export type Theme = 'light' | 'dark';

/**
 * Runs inline in <head> before the body paints. Kept tiny and dependency-free; its hash is put in
 * the Content-Security-Policy by the pre-render script, so no 'unsafe-inline' is needed.
 */
export const THEME_INIT_SCRIPT = `(function(){var t;try{t=localStorage.getItem(${JSON.stringify(KEYS.theme)})}catch(e){}if(t!=="light"&&t!=="dark"){t=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"}var d=document.documentElement;d.dataset.theme=t;d.style.colorScheme=t})()`;

export function storedChoice(): ThemeChoice {
  const value = readRaw(KEYS.theme);
  return value === 'light' || value === 'dark' ? value : 'system';
}

function systemTheme(): Theme {
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function resolveTheme(choice: ThemeChoice = storedChoice()): Theme {
  return choice === 'system' ? systemTheme() : choice;
}

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
}

/** Persists the choice (when storage allows) and applies it at once either way. */
export function setThemeChoice(choice: ThemeChoice): void {
  writeRaw(KEYS.theme, choice);
  applyTheme(resolveTheme(choice));
}

/** While the choice is 'system', follow the operating system's changes live. */
export function followSystemTheme(): () => void {
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  const onChange = () => {
    if (storedChoice() === 'system') applyTheme(systemTheme());
  };
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
