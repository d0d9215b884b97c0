/**
 * Route guard for /admin and /investors. The pre-rendered HTML and the first client render show
 * a neutral status (the server knows nobody's sign-in); right after hydration the content
 * appears, or a signed-out visitor is sent to the login page, replacing the guarded entry in
 * the history so Back does not bounce between the two.
 */
import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AuthState } from './session-flag';

export function RequireSignIn({ state, loginPath, children }: { state: AuthState; loginPath: string; children: ReactNode }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (state === 'signed-out') void navigate(loginPath, { replace: true });
  }, [state, loginPath, navigate]);

  if (state === 'signed-in') return children;
  return (
    <div className="auth-gate">
      <p role="status">{state === 'checking' ? 'Checking your sign-in…' : 'You are signed out. Taking you to the sign-in page…'}</p>
      {state === 'signed-out' && <Link to={loginPath}>Go to the sign-in page</Link>}
      <noscript>
        <p>
          This area needs JavaScript: sign-in is checked in your browser. Please enable JavaScript and <a href={loginPath}>sign in</a>.
        </p>
      </noscript>
    </div>
  );
}
