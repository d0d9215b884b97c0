/** /investors: the investor dashboard, behind the investor sign-in. */
export { InvestorDashboard as default } from '@/ui/features/investors/InvestorDashboard';
export const hydrate = 'load';
