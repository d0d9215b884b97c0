/**
 * The full-screen menu below the xl breakpoint (1280 px): a modal <dialog>, so the browser keeps
 * focus inside it, makes the page behind it inert, closes it on Escape and returns focus to the
 * menu button. The dialog is empty in the page: it only ever opens with script, so
 * src/browser/runtime/menu-panels.ts builds its contents (links, the collapsible 'More' list, Investor
 * Portal and the admin button) the first time a visitor reaches for the menu, and
 * src/browser/runtime/mobile-menu.ts opens it, locks page scroll while it is open, and closes it when the
 * window grows past the breakpoint.
 */
import { useId } from 'react';
import { Tooltip } from '@/ui/components/ui/Tooltip';
import { useUi } from '@/ui/i18n/ui';
import type { MenuPanel } from './menu-panel';

export function MobileMenu() {
  const menuId = useId();
  const { strings } = useUi();
  return (
    <div className="mobile-menu">
      <Tooltip content={strings.shell.openMenu}>
        <button
          type="button"
          className="icon-button menu-button"
          aria-expanded="false"
          aria-controls={menuId}
          aria-label={strings.shell.openMenu}
          data-menu-open
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
            <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />
          </svg>
        </button>
      </Tooltip>
      <dialog id={menuId} className="mobile-panel" aria-label={strings.shell.siteMenu} data-menu-panel={'mobile' satisfies MenuPanel} />
    </div>
  );
}
