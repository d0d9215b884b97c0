/**
 * The full-screen mobile menu (a <dialog>): the menu button opens it as a modal, so the browser
 * makes the page behind it inert, closes it on Escape and returns focus to the button. This adds
 * what the platform does not: aria-expanded on the button, the Close button, Tab and Shift+Tab
 * wrapping inside the menu (instead of leaving for the browser's toolbar), page scroll locked
 * while open, and closing when the window grows to the desktop layout. Its contents are built on
 * first use (src/browser/runtime/menus.ts), so the first opening may wait for them.
 */
import { menuPanelsReady, showFooterLinks } from './menus';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Focusable elements that are shown (a collapsed group's links have no box and are skipped). */
function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

function wrapTab(dialog: HTMLDialogElement, event: KeyboardEvent): void {
  if (event.key !== 'Tab') return;
  const items = focusableIn(dialog);
  const edge = event.shiftKey ? items[0] : items[items.length - 1];
  if (document.activeElement !== edge) return;
  event.preventDefault();
  (event.shiftKey ? items[items.length - 1] : items[0])?.focus();
}

/** Same width as the CSS breakpoint where the desktop navigation takes over. */
const DESKTOP_QUERY = '(min-width: 1280px)';

export function startMobileMenu(): void {
  const button = document.querySelector<HTMLButtonElement>('button[data-menu-open]');
  const id = button?.getAttribute('aria-controls');
  const dialog = id ? document.getElementById(id) : null;
  if (!button || !(dialog instanceof HTMLDialogElement)) return;

  button.addEventListener('click', async () => {
    if (!(await menuPanelsReady())) return showFooterLinks();
    if (dialog.open) return;
    dialog.showModal();
    button.setAttribute('aria-expanded', 'true');
    document.body.classList.add('scroll-locked');
  });
  const release = () => {
    button.setAttribute('aria-expanded', 'false');
    document.body.classList.remove('scroll-locked');
  };
  // The browser fires 'close' in a task of its own, after the dialog is already hidden; closing it
  // here releases the page at once, so no frame shows a closed menu over a page that cannot scroll.
  // Escape, which the browser handles itself, is released by the 'close' event.
  const close = () => {
    if (!dialog.open) return;
    dialog.close();
    release();
  };
  dialog.addEventListener('close', release);
  dialog.addEventListener('keydown', (event) => wrapTab(dialog, event));
  dialog.addEventListener('click', (event) => {
    if ((event.target as Element).closest('[data-menu-close]')) close();
  });
  const desktop = window.matchMedia(DESKTOP_QUERY);
  desktop.addEventListener('change', () => {
    if (desktop.matches) close();
  });
  // A page restored from the back/forward cache must not come back with the menu open.
  window.addEventListener('pagehide', close);
}
