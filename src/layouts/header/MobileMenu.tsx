/**
 * The full-screen menu below the xl breakpoint (1280 px): a modal <dialog>, so the browser keeps
 * focus inside it, makes the page behind it inert, closes it on Escape and returns focus to the
 * menu button. src/runtime/mobile-menu.ts opens it, locks page scroll while it is open, and closes
 * it when the window grows past the breakpoint. Its 'More' list is collapsible.
 */
import { useId } from 'react';
import { Tooltip } from '@/components/ui/Tooltip';
import { site } from '@/site';
import { AdminButton } from './AdminButton';
import { NavItemLink } from './NavItemLink';

export function MobileMenu() {
  const menuId = useId();
  const moreId = useId();
  const nav = site.navigation;
  return (
    <div className="mobile-menu">
      <Tooltip content="Open menu">
        <button type="button" className="icon-button menu-button" aria-expanded="false" aria-controls={menuId} aria-label="Open menu" data-menu-open>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
            <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />
          </svg>
        </button>
      </Tooltip>
      <dialog id={menuId} className="mobile-panel" aria-label="Site menu">
        <div className="mobile-panel-bar">
          <span className="mobile-panel-title" aria-hidden="true">
            {site.name}
          </span>
          <button type="button" className="icon-button" aria-label="Close menu" data-menu-close>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
              <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        <nav aria-label="Mobile">
          <ul className="mobile-list">
            {nav.primary.map((item) => (
              <li key={item.href}>
                <NavItemLink to={item.href} end={item.href === '/'}>
                  {item.name}
                </NavItemLink>
                {item.href === '/products' && (
                  <ul className="mobile-list mobile-sub-list" aria-label="Products">
                    {nav.products
                      .filter((product) => product.href !== '/products')
                      .map((product) => (
                        <li key={product.href} className="mobile-sub">
                          <NavItemLink to={product.href}>{product.name}</NavItemLink>
                        </li>
                      ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
          <button type="button" className="mobile-more" aria-expanded="false" aria-controls={moreId} data-toggle>
            More
          </button>
          <div id={moreId} hidden>
            {[
              { title: 'Company', items: nav.company },
              { title: 'Resources', items: nav.resources },
            ].map((group) => (
              <div key={group.title}>
                <p className="dropdown-group-title" id={`${moreId}-${group.title}`}>
                  {group.title}
                </p>
                <ul className="mobile-list" aria-labelledby={`${moreId}-${group.title}`}>
                  {group.items.map((item) => (
                    <li key={item.href}>
                      <NavItemLink to={item.href}>{item.name}</NavItemLink>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
          <div className="mobile-actions">
            <NavItemLink to="/investors" className="btn btn-secondary">
              Investor Portal
            </NavItemLink>
            <AdminButton mobile />
          </div>
        </nav>
      </dialog>
    </div>
  );
}
