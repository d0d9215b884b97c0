/** /admin/login: the administrator's e-mail address (or username) and password, then back to where they were going. */
import { LoginForm, type LoginField } from '@/browser/auth/LoginForm';
import { adminReturnPath } from '@/browser/auth/next-path';

const FIELDS: readonly [LoginField, LoginField] = [
  { name: 'username', label: 'E-mail or username', type: 'text', autoComplete: 'username', missing: 'Enter your e-mail address or username' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password', missing: 'Enter your password' },
];

export function AdminLogin() {
  return <LoginForm portal="admin" fields={FIELDS} returnPath={adminReturnPath} dashboard={{ href: '/admin', label: 'Open the dashboard' }} />;
}
