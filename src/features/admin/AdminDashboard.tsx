/**
 * /admin: the signed-in administrator's dashboard, inside the admin layout. It is composed of
 * sections; the guard shows a neutral status until hydration, then the sections or a redirect
 * to /admin/login?next=/admin.
 */
import { AdminPostsSection } from '@/features/blog/AdminPostsSection';
import { useAuthState } from '@/auth/portal-session';
import { RequireSignIn } from '@/auth/RequireSignIn';
import { DashboardOverview } from './DashboardOverview';
import { ExperimentSection } from './ExperimentSection';
import { LeadSourceProvider, useNotifications } from './lead-source';
import { NotificationsNotice } from './LeadDeliveries';
import { RecordsSection } from './RecordsSection';
import { SECTIONS } from './sections';
import { SpamList } from './SpamList';

const ADMIN_LOGIN_PATH = '/admin/login?next=/admin';

/** Where the server sends each new lead, or that it sends them nowhere (server mode only). */
function Notifications() {
  return <NotificationsNotice status={useNotifications()} />;
}

/** Applications, investor interests, enquiries and sample requests, one section each. */
function SubmissionSections() {
  return SECTIONS.map((section) => <RecordsSection key={section.collection} section={section} />);
}

export function AdminDashboard() {
  const state = useAuthState('admin');
  return (
    <RequireSignIn state={state} loginPath={ADMIN_LOGIN_PATH}>
      <div className="admin-dashboard">
        <LeadSourceProvider>
          <DashboardOverview />
          <Notifications />
          <SubmissionSections />
          <SpamList />
        </LeadSourceProvider>
        <AdminPostsSection />
        <ExperimentSection />
      </div>
    </RequireSignIn>
  );
}
