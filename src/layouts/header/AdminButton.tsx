/**
 * 'Admin Login' when signed out, 'Admin Dashboard' when signed in (the mobile menu's 'Login' and
 * 'Admin' are built in src/runtime/menu-panels.ts, the same way). Both links are in the markup; CSS
 * shows the one that matches <html data-admin>, which the head script sets from storage before
 * the page paints, so the right label is there from the start.
 */
import { NavItemLink } from './NavItemLink';

export function AdminButton({ className }: { className: string }) {
  return (
    <>
      <NavItemLink to="/admin/login" className={`btn btn-primary btn-small ${className} when-admin-signed-out`}>
        Admin Login
      </NavItemLink>
      <NavItemLink to="/admin" className={`btn btn-primary btn-small ${className} when-admin-signed-in`}>
        Admin Dashboard
      </NavItemLink>
    </>
  );
}
