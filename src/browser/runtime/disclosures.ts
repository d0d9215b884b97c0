/**
 * Header dropdowns (`[data-disclosure]`: a button with aria-controls and its panel): the button
 * toggles the panel; a click outside it, keyboard focus leaving it, or Escape closes it (Escape
 * returns focus to the button). Only one is open at a time. The panels are built on first use
 * (src/browser/runtime/menus.ts), so opening one may wait for them.
 *
 * `[data-toggle]` buttons (the mobile menu's 'More', built with the menu) only toggle their panel.
 */
import { menuPanelsReady, showFooterLinks } from './menus';

function panelOf(button: HTMLButtonElement): HTMLElement | null {
  const id = button.getAttribute('aria-controls');
  return id ? document.getElementById(id) : null;
}

function setExpanded(button: HTMLButtonElement, open: boolean): void {
  const panel = panelOf(button);
  button.setAttribute('aria-expanded', String(open));
  if (panel) panel.hidden = !open;
}

export function startDisclosures(): void {
  const containers = [...document.querySelectorAll<HTMLElement>('[data-disclosure]')];
  const buttonOf = (container: HTMLElement) => container.querySelector<HTMLButtonElement>('button[aria-controls]');
  const openOne = () => containers.find((c) => buttonOf(c)?.getAttribute('aria-expanded') === 'true');

  const close = (container: HTMLElement, returnFocus = false) => {
    const button = buttonOf(container);
    if (!button) return;
    // Hiding the focused link would drop keyboard users at the top of the document.
    const focusInside = container.contains(document.activeElement) && document.activeElement !== button;
    setExpanded(button, false);
    if (returnFocus || focusInside) button.focus();
  };

  for (const container of containers) {
    buttonOf(container)?.addEventListener('click', async (event) => {
      const button = event.currentTarget as HTMLButtonElement;
      const open = button.getAttribute('aria-expanded') !== 'true';
      if (open && !(await menuPanelsReady())) return showFooterLinks();
      for (const other of containers) if (other !== container) close(other);
      setExpanded(button, open);
    });
  }
  document.addEventListener('keydown', (event) => {
    const open = openOne();
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    close(open, true);
  });
  const closeIfOutside = (event: Event) => {
    const open = openOne();
    if (open && !open.contains(event.target as Node)) close(open);
  };
  document.addEventListener('pointerdown', closeIfOutside);
  document.addEventListener('focusin', closeIfOutside);
  // Leaving the page closes the menus: a page restored by Back must not come back with one open.
  window.addEventListener('pagehide', () => containers.forEach((container) => close(container)));

  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>('button[data-toggle]');
    if (button) setExpanded(button, button.getAttribute('aria-expanded') !== 'true');
  });
}
