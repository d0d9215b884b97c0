/**
 * /admin: the signed-in administrator's dashboard, inside the admin layout. It is composed of
 * sections; the guard shows a neutral status until hydration, then the sections or a redirect
 * to /admin/login?next=/admin. With a server session it opens on the buyers' leads (the sales
 * desk), then the Overview of them, then the applications and investor interests; on a static host (this browser's records)
 * every kind has its section, as the desk needs the server. A sales account is not shown the
 * posts, the A/B results, the field data or the team, which the server refuses it.
 */
import { AdminPostsSection } from '@/ui/features/admin/AdminPostsSection';
import { useAuthState } from '@/browser/auth/portal-session';
import { RequireSignIn } from '@/browser/auth/RequireSignIn';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { isBuyerCollection } from '@/shared/domain/records';
import { DashboardOverview } from './DashboardOverview';
import { ExperimentSection } from './ExperimentSection';
import { FieldDataSection } from './FieldDataSection';
import { LeadSourceProvider, useLeadSource, useMayAdminister, useNotifications } from './lead-source';
import { NotificationsNotice } from './LeadDeliveries';
import { RecordsSection } from './RecordsSection';
import { SECTIONS } from './sections';
import { SpamList } from './SpamList';

const ADMIN_LOGIN_PATH = '/admin/login?next=/admin';
const OTHER_SECTIONS = SECTIONS.filter((section) => !isBuyerCollection(section.collection));

/** Where the server sends each new lead, or that it sends them nowhere (server mode only). */
function Notifications() {
  return <NotificationsNotice status={useNotifications()} />;
}

/** The desk's code loads once the server has answered: without a server it is never needed. */
const BuyerDesk = lazy(() => import('./BuyerDesk').then((module) => ({ default: module.BuyerDesk })));

/** The Overview's code (its charts with it) loads, as the desk's, only once the server has answered. */
const OverviewSection = lazy(() => import('./OverviewSection').then((module) => ({ default: module.OverviewSection })));

/** The Team section's code loads only for an admin with a server session: nobody else sees it. */
const TeamSection = lazy(() => import('./TeamSection').then((module) => ({ default: module.TeamSection })));

/**
 * The Team section, for an admin with a server session only: its code is not fetched otherwise,
 * and the pre-rendered page (no session) leaves it out, so hydration never waits for it.
 */
function Team() {
  const source = useLeadSource();
  if (source.kind !== 'server' || source.role !== 'admin') return null;
  return (
    <Suspense fallback={null}>
      <TeamSection />
    </Suspense>
  );
}

/** What only an admin account does (posts, insight, the team): a sales account is not offered it, as the server refuses it. */
function AdminOnly({ children }: { children: ReactNode }) {
  return useMayAdminister() ? children : null;
}

/** A buyer's page (/admin?buyer=GB-…), its code loaded only when one is asked for. */
const BuyerPage = lazy(() => import('./BuyerPage').then((module) => ({ default: module.BuyerPage })));

/** The buyer the address asks for, read before the desk rewrites the address with its filters. */
const askedBuyer = () => (typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('buyer'));

/** In the Overview's place while its code loads. */
function OverviewLoading() {
  return (
    <section className="admin-section" aria-labelledby="overview-loading" aria-busy="true">
      <h2 id="overview-loading">Overview</h2>
      <p className="admin-empty">Loading the overview…</p>
    </section>
  );
}

/** In the desk's place while its code loads: busy, so nobody reads "no leads" into it. */
function DeskLoading() {
  return (
    <section className="admin-section buyer-desk" aria-labelledby="buyers-leads-loading" aria-busy="true">
      <h2 id="buyers-leads-loading">Buyers’ leads</h2>
      <p className="admin-empty">Loading the buyers’ leads…</p>
    </section>
  );
}

/** The desk and the other kinds' sections with the server; every kind's section without it. */
function Submissions() {
  const fromServer = useLeadSource().kind === 'server';
  const sections = fromServer ? OTHER_SECTIONS : SECTIONS;
  const [buyer] = useState(askedBuyer);
  return (
    <>
      {fromServer && <Notifications />}
      {fromServer && buyer && (
        <Suspense fallback={<p className="admin-empty">Loading the buyer’s page…</p>}>
          <BuyerPage leadId={buyer} />
        </Suspense>
      )}
      {fromServer && (
        <Suspense fallback={<DeskLoading />}>
          <BuyerDesk />
        </Suspense>
      )}
      {fromServer && (
        <Suspense fallback={<OverviewLoading />}>
          <OverviewSection />
        </Suspense>
      )}
      <DashboardOverview sections={sections} />
      {sections.map((section) => (
        <RecordsSection key={section.collection} section={section} />
      ))}
    </>
  );
}

export function AdminDashboard() {
  const state = useAuthState('admin');
  return (
    <RequireSignIn state={state} loginPath={ADMIN_LOGIN_PATH}>
      <div className="admin-dashboard">
        <LeadSourceProvider>
          <Submissions />
          <SpamList />
          <AdminOnly>
            <AdminPostsSection />
            {/* The server's A/B counts and field data need the server session the provider checks. */}
            <ExperimentSection />
            <FieldDataSection />
            <Team />
          </AdminOnly>
        </LeadSourceProvider>
      </div>
    </RequireSignIn>
  );
}
