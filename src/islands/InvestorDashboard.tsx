/** /investors: the investor dashboard, behind the investor sign-in. */
export { InvestorDashboard as default } from '@/features/investors/InvestorDashboard';
export const hydrate = 'load';
