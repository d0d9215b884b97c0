/**
 * Guard for /admin and /investors. A signed-out visitor never sees the guarded page: the head
 * script (src/browser/auth/guard-script.ts) sends them to the login page before anything paints. This
 * component covers what happens after that: a sign-out in another tab, or storage that changed
 * while the page was open, sends the visitor to the login page too, replacing the guarded entry
 * in the history so Back does not bounce between the two.
 */
import { useEffect, type ReactNode } from 'react';
import { leaveForSignIn } from './leave-for-sign-in';
import type { AuthState } from './portal-session';

export function RequireSignIn({ state, loginPath, children }: { state: AuthState; loginPath: string; children: ReactNode }) {
  useEffect(() => {
    if (state === 'signed-out') leaveForSignIn(loginPath);
  }, [state, loginPath]);

  if (state === 'signed-out') {
    return (
      <div className="auth-gate">
        <p role="status">You are signed out. Taking you to the sign-in page…</p>
        <a href={loginPath}>Go to the sign-in page</a>
      </div>
    );
  }
  return (
    <>
      <noscript>
        <p className="auth-gate">
          This area needs JavaScript, which it uses to check that you are signed in. Please enable JavaScript and <a href={loginPath}>sign in</a>.
        </p>
      </noscript>
      {children}
    </>
  );
}
