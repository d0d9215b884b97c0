/**
 * /investors: what a registered investor sees after signing in. Figures come from the site
 * config; nothing here invents financial numbers. Guarded like /admin.
 */
import { setInvestorSignedIn, useInvestorAuthState } from '@/auth/investor-session';
import { RequireSignIn } from '@/auth/RequireSignIn';
import { SmartLink } from '@/components/ui/links';
import { mailtoHref, telHref } from '@/contact-links';
import { site } from '@/site';
import { DOCUMENTS, HIGHLIGHTS, USE_OF_FUNDS } from './investor-content';

export const INVESTOR_LOGIN_PATH = '/investors/login?next=/investors';

function KeyFigures() {
  const { address } = site;
  return (
    <section aria-labelledby="investor-figures" className="investor-section">
      <h2 id="investor-figures">Company at a glance</h2>
      <dl className="stat-tiles">
        {site.stats.map((stat) => (
          <div key={stat.label} className="stat-tile">
            <dt>{stat.label}</dt>
            <dd>{stat.value}</dd>
          </div>
        ))}
      </dl>
      <dl className="facts">
        <div>
          <dt>Company</dt>
          <dd>{site.legalName}</dd>
        </div>
        <div>
          <dt>Founded</dt>
          <dd>{site.foundingYear}</dd>
        </div>
        <div>
          <dt>Headquarters</dt>
          <dd>
            {address.street}, {address.locality} {address.postalCode}, {address.region}, {address.country}
          </dd>
        </div>
        <div>
          <dt>Certifications</dt>
          <dd>
            {site.badges.join(', ')}
            {site.makeInIndia && '; a Make in India company'}
          </dd>
        </div>
      </dl>
    </section>
  );
}

function Highlights() {
  return (
    <section aria-labelledby="investor-highlights" className="investor-section">
      <h2 id="investor-highlights">Business plan highlights</h2>
      <ul className="investor-list">
        {HIGHLIGHTS.map((item) => (
          <li key={item.title}>
            <strong>{item.title}.</strong> {item.text}
          </li>
        ))}
      </ul>
    </section>
  );
}

function UseOfFunds() {
  return (
    <section aria-labelledby="investor-funds" className="investor-section">
      <h2 id="investor-funds">Use of funds</h2>
      <p>New capital is allocated across six areas. Amounts and their phasing depend on the size of the round and are set out in the investment terms.</p>
      <ol className="investor-list">
        {USE_OF_FUNDS.map((item) => (
          <li key={item.title}>
            <strong>{item.title}:</strong> {item.text}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Documents() {
  return (
    <section aria-labelledby="investor-documents" className="investor-section">
      <h2 id="investor-documents">Investor documents</h2>
      <ul className="card-grid document-grid">
        {DOCUMENTS.map((doc) => (
          <li key={doc.href} className="card">
            <h3 className="card-title">
              <SmartLink href={doc.href}>{doc.title}</SmartLink>
            </h3>
            <p className="card-body">{doc.text}</p>
          </li>
        ))}
      </ul>
      <p>
        Financial statements, the capitalisation table and detailed projections are shared with investors in due diligence under a confidentiality agreement.
        Ask investor relations for access.
      </p>
    </section>
  );
}

function InvestorRelations() {
  const { contact } = site;
  return (
    <section aria-labelledby="investor-contact" className="investor-section">
      <h2 id="investor-contact">Investor relations</h2>
      <p>
        Questions about the company, the round or due diligence go to our management team. Please mention the organisation you represent so the right person
        replies.
      </p>
      <dl className="facts">
        <div>
          <dt>E-mail</dt>
          <dd>
            <a href={mailtoHref('Investor relations enquiry')}>{contact.email}</a> (subject: Investor relations enquiry)
          </dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>
            <a href={telHref()}>{contact.phone}</a>
          </dd>
        </div>
        <div>
          <dt>Hours</dt>
          <dd>{contact.hours}</dd>
        </div>
      </dl>
    </section>
  );
}

function Dashboard() {
  const signOut = () => {
    setInvestorSignedIn(false);
    window.location.assign('/investors/login');
  };
  return (
    <div className="investor-dashboard">
      <div className="portal-bar">
        <p>You are signed in to the investor portal.</p>
        <button type="button" className="btn btn-secondary btn-small" onClick={signOut}>
          Sign out
        </button>
      </div>
      <KeyFigures />
      <Highlights />
      <UseOfFunds />
      <Documents />
      <InvestorRelations />
      <aside className="callout">
        <p className="callout-title">Important information</p>
        <p>
          This portal is provided for information to registered investors. It is not an offer to sell, or a solicitation of an offer to buy, any securities.
          Targets for 2026 onwards are plans, not forecasts of financial results. Any investment is subject to due diligence and separate written agreements.
        </p>
      </aside>
    </div>
  );
}

export function InvestorDashboard() {
  const state = useInvestorAuthState();
  return (
    <RequireSignIn state={state} loginPath={INVESTOR_LOGIN_PATH}>
      <Dashboard />
    </RequireSignIn>
  );
}
