/**
 * A header dropdown (Products, More): a disclosure button (aria-expanded, aria-controls) and its
 * panel of link groups, reached with Tab. The panel is empty in the page: it only ever opens with
 * script, so src/browser/runtime/menu-panels.ts fills it from the site's navigation the first time a
 * visitor reaches for a menu, and src/browser/runtime/disclosures.ts opens and closes it.
 */
import { useId } from 'react';
import type { MenuPanel } from './menu-panel';

export function NavDropdown({ label, panel, width, className }: { label: string; panel: MenuPanel; width: number; className?: string }) {
  const panelId = useId();
  return (
    <div className={`dropdown ${className ?? ''}`} data-disclosure>
      <button type="button" className="nav-link dropdown-button" aria-expanded="false" aria-controls={panelId}>
        {label}
        <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" className="chevron">
          <path fill="currentColor" d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
      <div id={panelId} className="dropdown-panel" style={{ width }} data-menu-panel={panel} hidden />
    </div>
  );
}
