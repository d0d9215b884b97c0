/**
 * A header dropdown (Products, More): a disclosure button (aria-expanded, aria-controls) and a
 * panel of link groups, reached with Tab. src/runtime/disclosures.ts opens and closes it.
 */
import { useId } from 'react';
import type { NavItem } from '@/content/schema';
import { NavItemLink } from './NavItemLink';

export interface LinkGroup {
  title?: string;
  items: NavItem[];
}

export function NavDropdown({ label, groups, width, className }: { label: string; groups: LinkGroup[]; width: number; className?: string }) {
  const panelId = useId();
  return (
    <div className={`dropdown ${className ?? ''}`} data-disclosure>
      <button type="button" className="nav-link dropdown-button" aria-expanded="false" aria-controls={panelId}>
        {label}
        <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" className="chevron">
          <path fill="currentColor" d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
      <div id={panelId} className="dropdown-panel" style={{ width }} hidden>
        {groups.map((group, index) => {
          const titleId = `${panelId}-group-${index}`;
          return (
            <div key={group.title ?? 'links'} className="dropdown-group">
              {group.title && (
                <p className="dropdown-group-title" id={titleId}>
                  {group.title}
                </p>
              )}
              <ul aria-labelledby={group.title ? titleId : undefined}>
                {group.items.map((item) => (
                  <li key={item.href}>
                    <NavItemLink to={item.href} className="dropdown-link">
                      {item.name}
                    </NavItemLink>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </div>
    </div>
  );
}
