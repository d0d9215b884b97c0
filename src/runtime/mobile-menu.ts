/**
 * The full-screen mobile menu (a <dialog>): the menu button opens it as a modal, so the browser
 * traps focus in it, makes the page inert, closes it on Escape and returns focus to the button.
 * This adds what the platform does not: aria-expanded on the button, the Close button, page
 * scroll locked while open, and closing when the window grows to the desktop layout.
 */
/** Same width as the CSS breakpoint where the desktop navigation takes over. */
export const DESKTOP_QUERY = '(min-width: 1280px)';

export function startMobileMenu(): void {
  const button = document.querySelector<HTMLButtonElement>('button[data-menu-open]');
  const id = button?.getAttribute('aria-controls');
  const dialog = id ? document.getElementById(id) : null;
  if (!button || !(dialog instanceof HTMLDialogElement)) return;

  button.addEventListener('click', () => {
    if (dialog.open) return;
    dialog.showModal();
    button.setAttribute('aria-expanded', 'true');
    document.documentElement.classList.add('scroll-locked');
  });
  dialog.addEventListener('close', () => {
    button.setAttribute('aria-expanded', 'false');
    document.documentElement.classList.remove('scroll-locked');
  });
  dialog.querySelector('[data-menu-close]')?.addEventListener('click', () => dialog.close());
  const desktop = window.matchMedia(DESKTOP_QUERY);
  desktop.addEventListener('change', () => {
    if (desktop.matches && dialog.open) dialog.close();
  });
  // A page restored from the back/forward cache must not come back with the menu open.
  window.addEventListener('pagehide', () => {
    if (dialog.open) dialog.close();
  });
}
