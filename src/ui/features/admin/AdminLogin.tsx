/** /admin/login: the administrator's e-mail address (or username) and password, then back to where they were going. */
import { useAuthState } from '@/browser/auth/portal-session';
import { LoginForm, type LoginField } from '@/browser/auth/LoginForm';
import { adminReturnPath, nextParam } from '@/browser/auth/next-path';

const FIELDS: readonly [LoginField, LoginField] = [
  { name: 'username', label: 'E-mail or username', type: 'text', autoComplete: 'username', missing: 'Enter your e-mail address or username' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password', missing: 'Enter your password' },
];

export function AdminLogin() {
  const signedIn = useAuthState('admin') === 'signed-in';
  return (
    <LoginForm
      portal="admin"
      fields={FIELDS}
      onSuccess={() => window.location.replace(adminReturnPath(nextParam()))}
      notice={
        signedIn && (
          <p className="login-notice">
            This browser is already signed in. <a href="/admin">Open the dashboard</a>
          </p>
        )
      }
    />
  );
}
