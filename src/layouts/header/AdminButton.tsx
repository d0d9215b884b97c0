/**
 * 'Admin Login' when signed out, 'Admin Dashboard' when signed in ('Login' / 'Admin' on phones).
 * Both links are in the markup; CSS shows the one that matches <html data-admin>, which the head
 * script sets from storage before the page paints, so the right label is there from the start.
 */
import { NavItemLink } from './NavItemLink';

export function AdminButton({ className = '', mobile = false }: { className?: string; mobile?: boolean }) {
  // Full size in the mobile menu, beside the full-size Investor Portal button.
  const classes = ['btn btn-primary', mobile ? '' : 'btn-small', className].filter(Boolean).join(' ');
  return (
    <>
      <NavItemLink to="/admin/login" className={`${classes} when-admin-signed-out`}>
        {mobile ? 'Login' : 'Admin Login'}
      </NavItemLink>
      <NavItemLink to="/admin" className={`${classes} when-admin-signed-in`}>
        {mobile ? 'Admin' : 'Admin Dashboard'}
      </NavItemLink>
    </>
  );
}
