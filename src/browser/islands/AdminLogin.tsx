/** /admin/login: the sign-in form, usable as soon as the page has loaded. */
export { AdminLogin as default } from '@/ui/features/admin/AdminLogin';
export const hydrate = 'load';
