/** /investors/login: a registered investor's e-mail and access key, then the investor dashboard. */
import { useAuthState } from '@/browser/auth/portal-session';
import { LoginForm, type LoginField } from '@/browser/auth/LoginForm';
import { investorReturnPath, nextParam } from '@/browser/auth/next-path';

const FIELDS: readonly [LoginField, LoginField] = [
  // 'username' lets password managers pair the e-mail with the key.
  { name: 'email', label: 'E-mail address', type: 'email', autoComplete: 'username', missing: 'Enter your e-mail address' },
  { name: 'access-key', label: 'Access key', type: 'password', autoComplete: 'current-password', missing: 'Enter your access key' },
];

export function InvestorLogin() {
  const signedIn = useAuthState('investor') === 'signed-in';
  return (
    <LoginForm
      portal="investor"
      fields={FIELDS}
      onSuccess={() => window.location.replace(investorReturnPath(nextParam()))}
      notice={
        signedIn && (
          <p className="login-notice">
            This browser is already signed in. <a href="/investors">Open the investor dashboard</a>
          </p>
        )
      }
    />
  );
}
