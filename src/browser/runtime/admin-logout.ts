/** The admin layout's Logout button: signs out on the site's server (when one serves the page) and in this browser, then opens the login page. */
import { serverLogout } from '@/browser/api/portal-api';
import { setSignedIn } from '@/browser/auth/portal-session';
import { leaveForSignIn } from '@/browser/auth/leave-for-sign-in';

export function startAdminLogout(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-admin-logout]')) {
    button.addEventListener('click', () => {
      button.disabled = true;
      // The server's session ends first, so its cookie is not left live behind a signed-out page
      // (clearing the flag first would send the dashboard's guard off before the request went out).
      void serverLogout('admin').finally(() => {
        setSignedIn('admin', false);
        document.documentElement.setAttribute('data-admin', 'signed-out');
        leaveForSignIn('/admin/login');
      });
    });
  }
}
