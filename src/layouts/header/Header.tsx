/**
 * The public header (seed §2): sticky, with a scroll-progress bar, compact after more than 6 px of
 * scroll; primary links, the Products and More dropdowns, theme toggle, Investor Portal and the
 * admin button on wide screens; the full-screen menu below the xl breakpoint.
 */
import { useEffect, useState } from 'react';
import { NavItemLink } from './NavItemLink';
import { site } from '@/site';
import { Brand } from '../Brand';
import { AdminButton } from './AdminButton';
import { MobileMenu } from './MobileMenu';
import { NavDropdown } from './NavDropdown';
import { ThemeToggle } from './ThemeToggle';
import { isCompact, scrollProgress } from './scroll';

function useScroll() {
  const [state, setState] = useState({ progress: 0, compact: false });
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const { scrollY, innerHeight } = window;
      const progress = scrollProgress(scrollY, document.documentElement.scrollHeight, innerHeight);
      const compact = isCompact(scrollY);
      // Same values keep the same object, so React skips the re-render.
      setState((old) => (old.progress === progress && old.compact === compact ? old : { progress, compact }));
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    // A new page (route change) or late content changes the scrollable height without a scroll.
    const resized = new ResizeObserver(onScroll);
    resized.observe(document.body);
    return () => {
      cancelAnimationFrame(frame);
      resized.disconnect();
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, []);
  return state;
}

export function Header() {
  const { progress, compact } = useScroll();
  const nav = site.navigation;
  return (
    <header className="site-header" data-compact={compact || undefined}>
      <div className="container header-inner">
        <Brand />
        <nav aria-label="Main" className="desktop-nav">
          <ul className="nav-list">
            {nav.primary.map((item) =>
              item.href === '/products' ? (
                <li key={item.href} className="nav-split">
                  <NavItemLink to={item.href} className="nav-link">
                    {item.name}
                  </NavItemLink>
                  <NavDropdown label={`${item.name} menu`} groups={[{ items: nav.products }]} width={360} className="dropdown-icon-only" />
                </li>
              ) : (
                <li key={item.href}>
                  <NavItemLink to={item.href} className="nav-link" end={item.href === '/'}>
                    {item.name}
                  </NavItemLink>
                </li>
              ),
            )}
            <li>
              <NavDropdown
                label="More"
                width={560}
                groups={[
                  { title: 'Company', items: nav.company },
                  { title: 'Resources', items: nav.resources },
                ]}
              />
            </li>
          </ul>
        </nav>
        <div className="header-actions">
          <ThemeToggle />
          <NavItemLink to="/investors" className="btn btn-secondary btn-small desktop-only">
            Investor Portal
          </NavItemLink>
          <AdminButton className="desktop-only" />
          <MobileMenu />
        </div>
      </div>
      <div className="scroll-progress" aria-hidden="true" style={{ transform: `scaleX(${progress / 100})` }} />
    </header>
  );
}
