import { describe, expect, it } from 'vitest';
import { KEYS } from '../storage/storage';
import { oppositeTheme, parseChoice } from './theme';
import { THEME_INIT_SCRIPT } from './theme-script';

/** Runs the inline script against a fake page: what `stored` holds and what the OS prefers. */
function runInitScript(stored: string | null | Error, systemDark: boolean) {
  const root = { dataset: {} as Record<string, string> };
  const localStorage = {
    getItem(key: string) {
      if (stored instanceof Error) throw stored;
      return key === KEYS.theme ? stored : null;
    },
  };
  const matchMedia = (query: string) => ({ matches: query === '(prefers-color-scheme: dark)' && systemDark });
  new Function('localStorage', 'matchMedia', 'document', THEME_INIT_SCRIPT)(localStorage, matchMedia, { documentElement: root });
  return root.dataset.theme;
}

describe('THEME_INIT_SCRIPT', () => {
  it('applies a stored light or dark choice whatever the OS prefers', () => {
    expect(runInitScript('dark', false)).toBe('dark');
    expect(runInitScript('light', true)).toBe('light');
  });

  it("follows the OS when the choice is 'system', missing or unknown", () => {
    expect(runInitScript('system', true)).toBe('dark');
    expect(runInitScript(null, false)).toBe('light');
    expect(runInitScript('purple', true)).toBe('dark');
  });

  it('falls back to the OS when storage is disabled', () => {
    expect(runInitScript(new Error('SecurityError'), true)).toBe('dark');
  });
});

describe('choices', () => {
  it('reads only light and dark as explicit choices', () => {
    expect(parseChoice('light')).toBe('light');
    expect(parseChoice('dark')).toBe('dark');
    expect(parseChoice('system')).toBe('system');
    expect(parseChoice(null)).toBe('system');
    expect(parseChoice('')).toBe('system');
  });

  it('toggles between light and dark', () => {
    expect(oppositeTheme('light')).toBe('dark');
    expect(oppositeTheme('dark')).toBe('light');
  });
});
