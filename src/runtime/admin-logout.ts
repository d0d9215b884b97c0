/** The admin layout's Logout button: signs out in this browser and opens the login page. */
import { setAdminSignedIn } from '@/auth/admin-session';

export function startAdminLogout(): void {
  for (const button of document.querySelectorAll('[data-admin-logout]')) {
    button.addEventListener('click', () => {
      setAdminSignedIn(false);
      document.documentElement.setAttribute('data-admin', 'signed-out');
      window.location.assign('/admin/login');
    });
  }
}
