/**
 * The next page from the cache: where the browser takes speculation rules, they are added to the
 * page (speculation-rules.ts); elsewhere a same-site page is prefetched when the pointer moves onto
 * its link, a finger touches it or the keyboard focuses it. Each URL once.
 */
import { SPECULATION_RULES } from './speculation-rules';

const done = new Set<string>();

function prefetchable(link: HTMLAnchorElement): URL | null {
  if (link.target || link.hasAttribute('download')) return null;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin || /^\/(admin|investors)(\/|$)/.test(url.pathname)) return null;
  if (url.pathname === location.pathname) return null;
  return url;
}

export function startPrefetch(): void {
  if (HTMLScriptElement.supports?.('speculationrules')) {
    const rules = document.createElement('script');
    rules.type = 'speculationrules';
    rules.textContent = SPECULATION_RULES;
    document.head.append(rules);
    return;
  }
  const onIntent = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (!(link instanceof HTMLAnchorElement)) return;
    const url = prefetchable(link);
    if (!url || done.has(url.pathname)) return;
    done.add(url.pathname);
    const hint = document.createElement('link');
    hint.rel = 'prefetch';
    hint.href = url.pathname;
    document.head.append(hint);
  };
  for (const type of ['pointerover', 'touchstart', 'focusin']) document.addEventListener(type, onIntent, { passive: true });
}
