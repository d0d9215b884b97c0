/** 'Admin Login' when signed out, 'Admin Dashboard' when signed in ('Login' / 'Admin' on phones). */
import { NavLink } from 'react-router';
import { useAdminSignedIn } from '@/auth/admin-session';

export function AdminButton({ className = '', mobile = false }: { className?: string; mobile?: boolean }) {
  const signedIn = useAdminSignedIn();
  const label = signedIn ? (mobile ? 'Admin' : 'Admin Dashboard') : mobile ? 'Login' : 'Admin Login';
  return (
    <NavLink to={signedIn ? '/admin' : '/admin/login'} className={`btn btn-primary btn-small ${className}`}>
      {label}
    </NavLink>
  );
}
