/** 'Admin Login' when signed out, 'Admin Dashboard' when signed in ('Login' / 'Admin' on phones). */
import { NavItemLink } from './NavItemLink';
import { useAdminSignedIn } from '@/auth/admin-session';

export function AdminButton({ className = '', mobile = false }: { className?: string; mobile?: boolean }) {
  const signedIn = useAdminSignedIn();
  const label = signedIn ? (mobile ? 'Admin' : 'Admin Dashboard') : mobile ? 'Login' : 'Admin Login';
  return (
    <NavItemLink to={signedIn ? '/admin' : '/admin/login'} className={`btn btn-primary btn-small ${className}`}>
      {label}
    </NavItemLink>
  );
}
