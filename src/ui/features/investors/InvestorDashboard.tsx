/**
 * /investors: what a registered investor sees after signing in. The company's public facts come
 * from the site config; the business plan highlights, use of funds and documents come from the
 * site's server (content/investors/portal.md), only to an investor signed in there, and never
 * ship in the site's files. Guarded like /admin.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { investorDocuments } from '@/browser/api/investor-api';
import { serverLogout } from '@/browser/api/portal-api';
import { setSignedIn, useAuthState } from '@/browser/auth/portal-session';
import { leaveForSignIn } from '@/browser/auth/leave-for-sign-in';
import { RequireSignIn } from '@/browser/auth/RequireSignIn';
import { Callout } from '@/ui/components/mdx/Callout';
import { StatTileList } from '@/ui/components/mdx/StatTileList';
import { CardItem } from '@/ui/components/ui/CardItem';
import { FactRow } from '@/ui/components/ui/FactRow';
import { mailtoHref, telHref } from '@/shared/contact-links';
import type { InvestorPortal } from '@/build/content/schema';
import { site } from '@/shared/site';
import { errorMessage } from '../../../shared/error-message';

const INVESTOR_LOGIN_PATH = '/investors/login?next=/investors';

function KeyFigures() {
  const { address } = site;
  return (
    <InvestorSection id="investor-figures" title="Company at a glance">
      <StatTileList />
      <dl className="facts">
        <FactRow term="Company">{site.legalName}</FactRow>
        <FactRow term="Founded">{site.foundingYear}</FactRow>
        <FactRow term="Headquarters">
          {address.street}, {address.locality} {address.postalCode}, {address.region}, {address.country}
        </FactRow>
        <FactRow term="Certifications">
          {site.badges.join(', ')}
          {site.makeInIndia && '; a Make in India company'}
        </FactRow>
      </dl>
    </InvestorSection>
  );
}

/** The portal's items, each its title in bold, then `mark` (a full stop or a colon), then its text. */
function PortalItems({ items, mark }: { items: InvestorPortal['highlights']; mark: '.' | ':' }) {
  return (
    <>
      {items.map((item) => (
        <li key={item.title}>
          <strong>
            {item.title}
            {mark}
          </strong>{' '}
          {item.text}
        </li>
      ))}
    </>
  );
}

function Highlights({ items }: { items: InvestorPortal['highlights'] }) {
  return (
    <InvestorSection id="investor-highlights" title="Business plan highlights">
      <ul className="investor-list">
        <PortalItems items={items} mark="." />
      </ul>
    </InvestorSection>
  );
}

function UseOfFunds({ funds }: { funds: InvestorPortal['useOfFunds'] }) {
  return (
    <InvestorSection id="investor-funds" title="Use of funds">
      <p>{funds.intro}</p>
      <ol className="investor-list">
        <PortalItems items={funds.items} mark=":" />
      </ol>
    </InvestorSection>
  );
}

function Documents({ documents }: { documents: InvestorPortal['documents'] }) {
  return (
    <InvestorSection id="investor-documents" title="Investor documents">
      <ul className="card-grid document-grid">
        {documents.items.map((doc) => (
          <CardItem key={doc.href} title={<a href={doc.href}>{doc.title}</a>} text={doc.text} />
        ))}
      </ul>
      <p>{documents.note}</p>
    </InvestorSection>
  );
}

type Materials = { kind: 'loading' } | { kind: 'documents'; portal: InvestorPortal } | { kind: 'no-server' } | { kind: 'error'; message: string };

/**
 * The parts of the dashboard only a signed-in investor may read. The site's server sends them to
 * an investor session; the built site holds none of it, so the pre-render and a static host show
 * a status or a note in their place, never an empty or stale copy.
 */
function InvestorMaterials() {
  const [materials, setMaterials] = useState<Materials>({ kind: 'loading' });
  const alertRef = useRef<HTMLDivElement>(null);
  const loading = materials.kind === 'loading';

  // Asks whenever the section is loading: once after hydration, and again on Retry.
  useEffect(() => {
    if (!loading) return;
    let live = true;
    investorDocuments().then(
      (answer) => {
        if (!live) return;
        // No server session: signing this browser out too lets the guard take the investor to the login page.
        if (answer.kind === 'signed-out') setSignedIn('investor', false);
        else setMaterials(answer);
      },
      (error: unknown) => {
        if (live) setMaterials({ kind: 'error', message: errorMessage(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [loading]);

  // A failure is announced and takes the focus, so Retry is one key away.
  useEffect(() => {
    if (materials.kind === 'error') alertRef.current?.focus();
  }, [materials]);

  if (materials.kind === 'loading') {
    return <p role="status">Loading the business plan highlights, use of funds and investor documents…</p>;
  }
  if (materials.kind === 'error') {
    return (
      <div ref={alertRef} tabIndex={-1} role="alert" className="notice notice-error">
        <p>The investor documents could not be loaded: {materials.message}.</p>
        <button type="button" className="btn btn-secondary btn-small" onClick={() => setMaterials({ kind: 'loading' })}>
          Retry
        </button>
      </div>
    );
  }
  if (materials.kind === 'no-server') {
    return (
      <InvestorSection id="investor-materials" title="Investor materials">
        <p>
          The business plan highlights, the use of funds and the investor documents are not part of this website’s public files. Registered investors receive
          them from the company’s own server once signed in there, or from investor relations: write to{' '}
          <a href={mailtoHref('Investor relations enquiry')}>{site.contact.email}</a> and mention the organisation you represent.
        </p>
      </InvestorSection>
    );
  }
  const { portal } = materials;
  return (
    <>
      <Highlights items={portal.highlights} />
      <UseOfFunds funds={portal.useOfFunds} />
      <Documents documents={portal.documents} />
    </>
  );
}

function InvestorRelations() {
  const { contact } = site;
  return (
    <InvestorSection id="investor-contact" title="Investor relations">
      <p>
        Questions about the company, the round or due diligence go to our management team. Please mention the organisation you represent so the right person
        replies.
      </p>
      <dl className="facts">
        <FactRow term="E-mail">
          <a href={mailtoHref('Investor relations enquiry')}>{contact.email}</a> (subject: Investor relations enquiry)
        </FactRow>
        <FactRow term="Phone">
          <a href={telHref()}>{contact.phone}</a>
        </FactRow>
        <FactRow term="Hours">{contact.hours}</FactRow>
      </dl>
    </InvestorSection>
  );
}

function Dashboard() {
  const [signingOut, setSigningOut] = useState(false);
  const signOut = () => {
    setSigningOut(true);
    // The server's session ends first, so its cookie is not left live behind a signed-out page.
    void serverLogout('investor').finally(() => {
      setSignedIn('investor', false);
      leaveForSignIn('/investors/login');
    });
  };
  return (
    <div className="investor-dashboard">
      <div className="portal-bar">
        <p>You are signed in to the investor portal.</p>
        <button type="button" className="btn btn-secondary btn-small" onClick={signOut} disabled={signingOut}>
          Sign out
        </button>
      </div>
      <KeyFigures />
      <InvestorMaterials />
      <InvestorRelations />
      <Callout title="Important information">
        <p>
          This portal is provided for information to registered investors. It is not an offer to sell, or a solicitation of an offer to buy, any securities.
          Targets for 2026 onwards are plans, not forecasts of financial results. Any investment is subject to due diligence and separate written agreements.
        </p>
      </Callout>
    </div>
  );
}

export function InvestorDashboard() {
  const state = useAuthState('investor');
  return (
    <RequireSignIn state={state} loginPath={INVESTOR_LOGIN_PATH}>
      <Dashboard />
    </RequireSignIn>
  );
}

/** A part of the dashboard, named by its heading. */
function InvestorSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="investor-section">
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
