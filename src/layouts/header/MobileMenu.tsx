/**
 * The full-screen menu below the xl breakpoint (1280 px): a modal dialog that locks page scroll,
 * moves focus into itself and keeps it there while open (Tab wraps from the last item to the
 * first, Shift+Tab the other way), closes on Escape, on its Close button (focus returns to the
 * menu button), on route change and when the window grows past the breakpoint. Its 'More' list is
 * collapsible.
 */
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { NavItemLink } from './NavItemLink';
import { site } from '@/site';
import { Tooltip } from '@/runtime/Tooltip';
import { AdminButton } from './AdminButton';
import { useDisclosure } from './use-disclosure';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';
/** Same width as the CSS breakpoint where the desktop navigation takes over. */
export const DESKTOP_QUERY = '(min-width: 1280px)';

function focusableIn(root: HTMLElement): HTMLElement[] {
  // Elements inside a collapsed (hidden) group have no layout box and are skipped.
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

/** Locks page scroll, focuses the first control, traps Tab, and closes at desktop width, while `open`. */
function useModalPanel(open: boolean, panelRef: RefObject<HTMLDivElement | null>, close: () => void) {
  useEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    focusableIn(panel)[0]?.focus();
    const trap = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const items = focusableIn(panel);
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !panel.contains(active))) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
        event.preventDefault();
        first?.focus();
      }
    };
    const desktop = window.matchMedia(DESKTOP_QUERY);
    const onResize = () => desktop.matches && close();
    document.addEventListener('keydown', trap);
    desktop.addEventListener('change', onResize);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener('keydown', trap);
      desktop.removeEventListener('change', onResize);
    };
  }, [open, panelRef, close]);
}

export function MobileMenu() {
  const { open, setOpen, close, containerRef, buttonRef } = useDisclosure<HTMLDivElement>();
  const [moreOpen, setMoreOpen] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const moreId = useId();
  const nav = site.navigation;
  useModalPanel(open, panelRef, close);

  return (
    <div className="mobile-menu" ref={containerRef}>
      <Tooltip content="Open menu">
        <button
          ref={buttonRef}
          type="button"
          className="icon-button menu-button"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label="Open menu"
          onClick={() => setOpen(true)}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
            <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />
          </svg>
        </button>
      </Tooltip>
      <div id={menuId} ref={panelRef} className="mobile-panel" hidden={!open} role="dialog" aria-modal="true" aria-label="Site menu">
        <div className="mobile-panel-bar">
          <span className="mobile-panel-title" aria-hidden="true">
            {site.name}
          </span>
          <button type="button" className="icon-button" aria-label="Close menu" onClick={() => close(true)}>
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
          <button type="button" className="mobile-more" aria-expanded={moreOpen} aria-controls={moreId} onClick={() => setMoreOpen((o) => !o)}>
            More
          </button>
          <div id={moreId} hidden={!moreOpen}>
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
      </div>
    </div>
  );
}
