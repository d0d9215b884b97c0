/** /admin/login: the administrator's username and password, then back to where they were going. */
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAdminSignedIn } from '@/auth/admin-session';
import { LoginForm, type LoginField } from '@/auth/LoginForm';
import { adminReturnPath } from '@/auth/next-path';
import { attemptAdminLogin } from '@/auth/verify';

const FIELDS: readonly [LoginField, LoginField] = [
  { name: 'username', label: 'Username', type: 'text', autoComplete: 'username', missing: 'Enter your username' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password', missing: 'Enter your password' },
];

export function AdminLogin() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signedIn = useAdminSignedIn();
  return (
    <LoginForm
      portal="admin"
      fields={FIELDS}
      attempt={attemptAdminLogin}
      onSuccess={() => void navigate(adminReturnPath(params.get('next')), { replace: true })}
      notice={
        signedIn && (
          <p className="login-notice">
            This browser is already signed in. <Link to="/admin">Open the dashboard</Link>
          </p>
        )
      }
    />
  );
}
