/**
 * The full-screen menu below the xl breakpoint: locks page scroll, moves focus into the menu and
 * keeps it there while open, closes on Escape (focus returns to the menu button) and on route
 * change. Its 'More' list is collapsible.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { NavItemLink } from './NavItemLink';
import { site } from '@/site';
import { AdminButton } from './AdminButton';
import { useDisclosure } from './use-disclosure';

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function MobileMenu() {
  const { open, setOpen, close, containerRef, buttonRef } = useDisclosure<HTMLDivElement>();
  const [moreOpen, setMoreOpen] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const moreId = useId();
  const nav = site.navigation;

  useEffect(() => {
    if (!open) return;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    panelRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    // Keep Tab and Shift+Tab inside the open menu.
    const trap = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || !containerRef.current) return;
      const items = [...containerRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
      const first = items[0];
      const last = items[items.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', trap);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener('keydown', trap);
    };
  }, [open, containerRef]);

  return (
    <div className="mobile-menu" ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button menu-button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={open ? 'Close menu' : 'Open menu'}
        onClick={() => (open ? close(true) : setOpen(true))}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
          {open ? (
            <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
          ) : (
            <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />
          )}
        </svg>
      </button>
      <div id={menuId} ref={panelRef} className="mobile-panel" hidden={!open} role="dialog" aria-modal="true" aria-label="Site menu">
        <nav aria-label="Mobile">
          <ul className="mobile-list">
            {nav.primary.map((item) => (
              <li key={item.href}>
                <NavItemLink to={item.href} end={item.href === '/'}>
                  {item.name}
                </NavItemLink>
              </li>
            ))}
            {nav.products.slice(0, -1).map((item) => (
              <li key={item.href} className="mobile-sub">
                <NavItemLink to={item.href}>{item.name}</NavItemLink>
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
                <p className="dropdown-group-title">{group.title}</p>
                <ul className="mobile-list">
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
