/**
 * Admin pages: brand, 'Admin Portal' label, 'View Site' link and Logout, plus a footer.
 * Logout shows only to a signed-in admin (CSS, from <html data-admin>); src/browser/runtime/admin-logout.ts
 * signs out on click.
 */
import type { ReactNode } from 'react';
import { site } from '@/shared/site';
import { Brand } from './Brand';

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="admin-header">
        <div className="container admin-header-inner">
          <Brand />
          <span className="admin-label">Admin Portal</span>
          <nav aria-label="Admin" className="admin-actions">
            <a href="/" className="btn btn-secondary btn-small">
              View Site
            </a>
            <button type="button" className="btn btn-primary btn-small when-admin-signed-in" data-admin-logout>
              Logout
            </button>
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="admin-main">
        {children}
      </main>
      <footer className="admin-footer">
        <div className="container">{site.copyright}</div>
      </footer>
    </>
  );
}
