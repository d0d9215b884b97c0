/**
 * 'Admin Login' when signed out, 'Admin Dashboard' when signed in, in the page's language (the mobile menu's 'Login' and
 * 'Admin' are built in src/browser/runtime/menu-panels.ts, the same way). Both links are in the markup; CSS
 * shows the one that matches <html data-admin>, which the head script sets from storage before
 * the page paints, so the right label is there from the start.
 */
import { useUi } from '@/ui/i18n/ui';
import { NavItemLink } from './NavItemLink';

export function AdminButton({ className }: { className: string }) {
  const { shell } = useUi().strings;
  return (
    <>
      <NavItemLink to="/admin/login" className={`btn btn-primary btn-small ${className} when-admin-signed-out`}>
        {shell.adminLogin}
      </NavItemLink>
      <NavItemLink to="/admin" className={`btn btn-primary btn-small ${className} when-admin-signed-in`}>
        {shell.adminDashboard}
      </NavItemLink>
    </>
  );
}
