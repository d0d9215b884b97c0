/** The admin layout's Logout button: signs out in this browser and on the site's server (when one serves the page), then opens the login page. */
import { serverLogout } from '@/api/portal-api';
import { setAdminSignedIn } from '@/auth/admin-session';

export function startAdminLogout(): void {
  for (const button of document.querySelectorAll('[data-admin-logout]')) {
    button.addEventListener('click', () => {
      setAdminSignedIn(false);
      document.documentElement.setAttribute('data-admin', 'signed-out');
      // The page changes only after the server has ended the session, so its cookie is not left live.
      void serverLogout('admin').finally(() => window.location.assign('/admin/login'));
    });
  }
}
