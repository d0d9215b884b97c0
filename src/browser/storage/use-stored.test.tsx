/**
 * useStoredRaw during pre-render and hydration: the server value (undefined) whatever the browser
 * stores, so the HTML never depends on one visitor's storage, even when storage is disabled.
 */
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEYS } from './storage';
import { useStoredRaw } from './use-stored';

function Probe() {
  const raw = useStoredRaw(KEYS.adminAuth);
  return <output>{raw === undefined ? 'server value' : `stored: ${String(raw)}`}</output>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useStoredRaw', () => {
  it('renders the server value with no window', () => {
    expect(renderToString(<Probe />)).toContain('server value');
  });

  it('renders the server value even when the browser has the key stored', () => {
    const storage = { getItem: () => 'true', setItem: () => {}, removeItem: () => {} };
    vi.stubGlobal('window', { localStorage: storage, sessionStorage: storage, addEventListener: () => {}, removeEventListener: () => {} });
    expect(renderToString(<Probe />)).toContain('server value');
  });

  it('renders the server value, without throwing, when storage is disabled', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const win = new EventTarget();
    Object.defineProperty(win, 'localStorage', {
      get() {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    });
    vi.stubGlobal('window', win);
    expect(renderToString(<Probe />)).toContain('server value');
    // The server render does not read storage at all, so nothing is logged either.
    expect(errors).not.toHaveBeenCalled();
  });
});
