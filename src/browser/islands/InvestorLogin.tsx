/** /investors/login: the sign-in form, usable as soon as the page has loaded. */
export { InvestorLogin as default } from '@/ui/features/investors/InvestorLogin';
export const hydrate = 'load';
