/** 'Admin Login' when signed out, 'Admin Dashboard' when signed in ('Login' / 'Admin' on phones). */
import { NavItemLink } from './NavItemLink';
import { useAdminSignedIn } from '@/auth/admin-session';

export function AdminButton({ className = '', mobile = false }: { className?: string; mobile?: boolean }) {
  const signedIn = useAdminSignedIn();
  const label = signedIn ? (mobile ? 'Admin' : 'Admin Dashboard') : mobile ? 'Login' : 'Admin Login';
  // Full size in the mobile menu, beside the full-size Investor Portal button.
  const classes = ['btn btn-primary', mobile ? '' : 'btn-small', className].filter(Boolean).join(' ');
  return (
    <NavItemLink to={signedIn ? '/admin' : '/admin/login'} className={classes}>
      {label}
    </NavItemLink>
  );
}
