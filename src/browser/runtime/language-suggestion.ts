/**
 * The suggestion to read a page in the visitor's language. The site never redirects by the
 * browser's languages (a buyer who follows a link to an English page gets the English page, and
 * crawlers see every version); instead, after the page has loaded, a visitor whose browser prefers
 * a language this page is also published in is offered it once, in that language, in a bar fixed
 * to the bottom of the window (it moves nothing on the page). Dismissing it, or choosing a language
 * in the switcher, is remembered, and the bar is not offered again.
 */
import { KEYS, readRaw, writeRaw } from '@/browser/storage/storage';

/**
 * The language to suggest: the first of the visitor's preferred languages (BCP 47 tags, most
 * preferred first) that this page is published in, unless the page's own language comes first.
 */
export function suggestedLanguage(preferred: readonly string[], current: string, available: ReadonlySet<string>): string | null {
  for (const tag of preferred) {
    const code = tag.toLowerCase().split('-')[0] ?? '';
    if (code === current) return null;
    if (available.has(code)) return code;
  }
  return null;
}

/** The page's other versions from its head (`<link rel="alternate" hreflang>`), by language code. */
function otherVersions(current: string): Map<string, string> {
  const versions = new Map<string, string>();
  for (const link of document.head.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]')) {
    const code = link.hreflang.toLowerCase();
    if (code !== 'x-default' && code !== current) versions.set(code, new URL(link.href).pathname);
  }
  return versions;
}

function remember(choice: 'dismissed' | 'chosen'): void {
  writeRaw(KEYS.languageSuggestion, choice);
}

export async function startLanguageSuggestion(): Promise<void> {
  // Choosing a language in the switcher answers the question for good.
  document.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('[data-language-switcher] a[hreflang]')) remember('chosen');
  });
  if (readRaw(KEYS.languageSuggestion) !== null) return;
  const current = document.documentElement.lang.toLowerCase();
  const versions = otherVersions(current);
  const code = suggestedLanguage(navigator.languages ?? [navigator.language], current, new Set(versions.keys()));
  const href = code ? versions.get(code) : undefined;
  if (!code || !href) return;
  const { default: words } = await import('virtual:content/language-suggestions');
  const text = words[code];
  if (!text) return;

  // The bar keeps the page's direction, which places it (at the start of the page's lines, away
  // from the chat button); its words run in their own language's direction.
  const bar = document.createElement('aside');
  // An offer to the reader on screen, not part of a printed page (the print sheet hides .print-hidden).
  bar.className = 'language-suggestion print-hidden';
  bar.lang = code;
  bar.setAttribute('aria-labelledby', 'language-suggestion-text');
  const message = document.createElement('p');
  message.id = 'language-suggestion-text';
  message.dir = text.dir;
  message.textContent = text.suggestion;
  const link = document.createElement('a');
  link.href = href;
  link.hreflang = code;
  link.dir = text.dir;
  link.textContent = text.action;
  link.addEventListener('click', () => remember('chosen'));
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'language-suggestion-close';
  const cross = document.createElement('span');
  cross.setAttribute('aria-hidden', 'true');
  cross.textContent = '×';
  const name = document.createElement('span');
  name.className = 'visually-hidden';
  name.textContent = text.dismiss;
  close.append(cross, name);
  close.addEventListener('click', () => {
    remember('dismissed');
    bar.remove();
  });
  bar.append(message, link, close);
  document.body.append(bar);
}
