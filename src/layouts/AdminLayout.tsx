/** Admin pages: brand, 'Admin Portal' label, 'View Site' link and Logout, plus a footer (seed §2). */
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { setAdminSignedIn } from '@/auth/admin-session';
import { site } from '@/site';
import { Brand } from './Brand';

export function AdminLayout({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const logout = () => {
    setAdminSignedIn(false);
    void navigate('/admin/login');
  };
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
            <Link to="/" className="btn btn-secondary btn-small">
              View Site
            </Link>
            <button type="button" className="btn btn-primary btn-small" onClick={logout}>
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
