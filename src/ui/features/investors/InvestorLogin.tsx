/** /investors/login: a registered investor's e-mail and access key, then the investor dashboard. */
import { LoginForm, type LoginField } from '@/browser/auth/LoginForm';
import { investorReturnPath } from '@/browser/auth/next-path';

const FIELDS: readonly [LoginField, LoginField] = [
  // 'username' lets password managers pair the e-mail with the key.
  { name: 'email', label: 'E-mail address', type: 'email', autoComplete: 'username', missing: 'Enter your e-mail address' },
  { name: 'access-key', label: 'Access key', type: 'password', autoComplete: 'current-password', missing: 'Enter your access key' },
];

export function InvestorLogin() {
  return (
    <LoginForm portal="investor" fields={FIELDS} returnPath={investorReturnPath} dashboard={{ href: '/investors', label: 'Open the investor dashboard' }} />
  );
}
