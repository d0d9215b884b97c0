/**
 * The public header: sticky, with a scroll-progress bar, compact after more than 6 px of
 * scroll; primary links, the Products and More dropdowns, theme toggle, Investor Portal and the
 * admin button on wide screens; the full-screen menu below the xl breakpoint. The markup is
 * static: src/browser/runtime/header.ts drives the progress bar and the compact state, and the menus'
 * panels are built in the browser when first wanted (src/browser/runtime/menu-panels.ts).
 */
import { fill, navLabel, useUi } from '@/ui/i18n/ui';
import { site } from '@/shared/site';
import { Brand } from '../Brand';
import { LanguageSwitcher } from '../LanguageSwitcher';
import { AdminButton } from './AdminButton';
import { MobileMenu } from './MobileMenu';
import { NavDropdown } from './NavDropdown';
import { NavItemLink } from './NavItemLink';
import { SearchLink } from './SearchLink';
import { ThemeToggle } from './ThemeToggle';

export function Header() {
  const nav = site.navigation;
  const { code, strings } = useUi();
  return (
    <header className="site-header">
      <div className="container header-inner">
        <Brand />
        <nav aria-label={strings.shell.mainNavigation} className="desktop-nav">
          <ul className="nav-list">
            {nav.primary.map((item) =>
              item.href === '/products' ? (
                <li key={item.href} className="nav-split">
                  <NavItemLink to={item.href} className="nav-link">
                    {navLabel(code, item)}
                  </NavItemLink>
                  <NavDropdown
                    label={fill(strings.shell.productsMenu, { products: navLabel(code, item) })}
                    panel="products"
                    width={360}
                    className="dropdown-icon-only"
                  />
                </li>
              ) : (
                <li key={item.href}>
                  <NavItemLink to={item.href} className="nav-link" end={item.href === '/'}>
                    {navLabel(code, item)}
                  </NavItemLink>
                </li>
              ),
            )}
            <li>
              <NavDropdown label={strings.shell.more} panel="more" width={560} />
            </li>
          </ul>
        </nav>
        <div className="header-actions">
          <SearchLink />
          <ThemeToggle />
          <NavItemLink to="/investors" className="btn btn-secondary btn-small desktop-only">
            {strings.shell.investorPortal}
          </NavItemLink>
          <AdminButton className="desktop-only" />
          <LanguageSwitcher compact className="desktop-only" />
          <MobileMenu />
        </div>
      </div>
      <div className="scroll-progress" aria-hidden="true" />
    </header>
  );
}
