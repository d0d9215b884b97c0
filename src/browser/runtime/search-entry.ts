/**
 * The site search's way in on every page, and all the search code a page carries before a visitor
 * reaches for it: the header's search link opens the search box (src/browser/runtime/search/search-box.ts,
 * loaded when the pointer comes over the link, it gets focus or a finger touches it), and `/` opens
 * it too, unless the visitor is typing in a field. On the search page the box is the page's own
 * (src/browser/runtime/search/search-page.ts). A box that cannot load leaves the link to the search page.
 */

/** Whether a key goes into a field the visitor is typing in (a field of a closed dialog is not one). */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) && !target.closest('dialog:not([open])')
  );
}

export function startSearchEntry(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-search-form]');
  if (form) void import('./search/search-page').then((page) => page.startSearchPage(form));
  const link = document.querySelector<HTMLAnchorElement>('a[data-search-open]');
  if (!link) return;
  let box: Promise<typeof import('./search/search-box')> | null = null;
  const load = () => (box ??= import('./search/search-box'));
  const open = () => {
    const input = form?.querySelector<HTMLInputElement>('input[name="q"]');
    if (input) {
      input.focus();
      return;
    }
    load()
      .then((module) => module.openSearchBox(link))
      .catch(() => {
        box = null;
        location.assign(link.href);
      });
  };
  for (const reach of ['pointerenter', 'focus', 'touchstart'] as const)
    link.addEventListener(reach, () => void load().catch(() => undefined), { once: true, passive: true });
  link.addEventListener('click', (event) => {
    // A new tab or window (a modifier key, the middle button) gets the search page itself.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    open();
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== '/' || event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey || isTyping(event.target)) return;
    event.preventDefault();
    open();
  });
}
