/**
 * The header menus' panels are built in the browser (src/browser/runtime/menu-panels.ts), loaded the
 * first time a visitor shows they may want a menu: the pointer over the header, focus inside it,
 * or a touch. By the time the click lands the panels are usually there; a click that comes first
 * waits for them. Should they fail to load (offline on a first visit), the menu buttons take the
 * visitor to the footer's links instead, so no one is left without navigation.
 */

let loading: Promise<boolean> | null = null;

/**
 * Resolves true once the panels are built, false if their code could not be loaded. The answer
 * stands for the page's life: a browser does not fetch a module that failed again, so the next
 * page tries afresh.
 */
export function menuPanelsReady(): Promise<boolean> {
  loading ??= import('./menu-panels').then(
    (panels) => {
      panels.buildMenuPanels();
      return true;
    },
    () => false,
  );
  return loading;
}

/** In place of a menu that could not be built: the footer's navigation, scrolled to and focused. */
export function showFooterLinks(): void {
  const links = document.querySelector<HTMLElement>('.site-footer nav');
  if (!links) return;
  links.tabIndex = -1;
  links.focus({ preventScroll: true });
  links.scrollIntoView({ block: 'start' });
}

const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const;

export function startMenus(): void {
  const header = document.querySelector('.site-header');
  if (!header?.querySelector('[data-menu-panel]')) return;
  const warm = () => {
    for (const type of INTENT_EVENTS) header.removeEventListener(type, warm);
    void menuPanelsReady();
  };
  for (const type of INTENT_EVENTS) header.addEventListener(type, warm, { passive: true });
}
