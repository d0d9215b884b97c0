/**
 * The frame shared by the five lead forms: error summary, delivery alert with its fallbacks,
 * honeypot, submit button, and the confirmation with the reference id that replaces the form.
 */
import { useRef, type MouseEvent, type ReactNode } from 'react';
import { useHydrated } from '@/components/use-hydrated';
import { mailtoHref, whatsappHref } from '@/contact-links';
import { site } from '@/site';
import { leadMailtoHref, leadWhatsappHref } from './fallback';
import { Honeypot, LeadFormContext } from './fields';
import type { FormDef } from '@/domain/lead-forms';
import { HONEYPOT_FIELD } from './submit';
import { type LeadFormApi, useLeadForm } from './use-lead-form';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function LeadForm({ def, children }: { def: FormDef; children: ReactNode }) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useLeadForm(def, formRef);
  const hydrated = useHydrated();
  const { phase } = form;
  if (phase.name === 'done') return <Confirmation form={form} reference={phase.reference} keptHere={phase.keptHere} />;
  const busy = phase.name === 'sending';
  return (
    <LeadFormContext value={form}>
      <form ref={formRef} className="lead-form" noValidate aria-label={`${capitalised(def.title)} form`} onSubmit={form.onSubmit}>
        <noscript>
          <p className="callout">
            This form needs JavaScript. You can send the same details by e-mail to{' '}
            <a href={mailtoHref(capitalised(def.title))} dir="ltr">
              {site.contact.email}
            </a>{' '}
            or <a href={whatsappHref()}>via WhatsApp</a>.
          </p>
        </noscript>
        <ErrorSummary form={form} />
        <DeliveryAlert form={form} />
        <p className="lead-note">All fields are required unless marked optional.</p>
        {children}
        <Honeypot name={HONEYPOT_FIELD} />
        <div className="lead-actions">
          {/* Disabled in the HTML, so without the script the form never sends its fields anywhere;
              the page's runtime enables it and holds a press until the form is ready. React's
              development build would report that change as a mismatch: it is intended. */}
          <button type="submit" className="btn btn-primary" disabled={!hydrated || busy} data-until-hydrated suppressHydrationWarning>
            {busy ? 'Sending…' : def.submitLabel}
          </button>
        </div>
      </form>
    </LeadFormContext>
  );
}

function ErrorSummary({ form }: { form: LeadFormApi }) {
  const invalid = Object.keys(form.def.fields).filter((name) => form.errors[name]);
  if (invalid.length === 0) return null;
  const titleId = form.fieldId('error-summary');
  // Links focus the field itself: following the #hash would go through the router.
  const focusField = (event: MouseEvent<HTMLAnchorElement>, name: string) => {
    event.preventDefault();
    const field = document.getElementById(form.fieldId(name));
    field?.focus();
    field?.scrollIntoView({ block: 'center' });
  };
  return (
    <div id={form.fieldId('summary')} className="lead-summary" role="alert" tabIndex={-1} aria-labelledby={titleId}>
      <h3 id={titleId} className="lead-summary-title">
        {invalid.length === 1 ? 'Please correct 1 field' : `Please correct ${invalid.length} fields`}
      </h3>
      <ul>
        {invalid.map((name) => (
          <li key={name}>
            <a href={`#${form.fieldId(name)}`} onClick={(event) => focusField(event, name)}>
              {form.errors[name]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function DeliveryAlert({ form }: { form: LeadFormApi }) {
  const { phase, def } = form;
  if (phase.name !== 'failed') return null;
  const { delivery, retrying } = phase;
  const { record, saved, post } = delivery;
  return (
    <div id={form.fieldId('alert')} className="lead-alert" role="alert" tabIndex={-1}>
      <h3 className="lead-alert-title">{post.state === 'failed' ? `Your ${def.title} has not reached us yet` : `Your ${def.title} could not be saved`}</h3>
      <ul>
        {post.state === 'failed' ? <li>It could not be sent to our team: {post.reason}.</li> : null}
        {saved ? (
          <li>
            A copy is saved in this browser under reference <bdi dir="ltr">{record.id}</bdi>.
          </li>
        ) : (
          <li>Your browser did not let us save a copy on this device (its storage is full or switched off).</li>
        )}
      </ul>
      <p>Everything you typed is still in the form below. Try again, or send the same details by e-mail or WhatsApp.</p>
      <div className="lead-alert-actions">
        <button type="button" className="btn btn-primary btn-small" onClick={form.retry} disabled={retrying}>
          {retrying ? 'Retrying…' : 'Retry'}
        </button>
        <a className="btn btn-secondary btn-small" href={leadMailtoHref(def.collection, record)}>
          Send by e-mail
        </a>
        <a className="btn btn-secondary btn-small" href={leadWhatsappHref(def.collection, record)} target="_blank" rel="noopener noreferrer">
          Send via WhatsApp
        </a>
      </div>
    </div>
  );
}

function Confirmation({ form, reference, keptHere }: { form: LeadFormApi; reference: string; keptHere: boolean }) {
  return (
    <div className="lead-done">
      <h3 id={form.fieldId('done')} tabIndex={-1} className="lead-done-title">
        Thank you: your {form.def.title} has been received
      </h3>
      <p>
        Your reference is{' '}
        <strong className="lead-reference" dir="ltr">
          {reference}
        </strong>
        . Please quote it in any message about this {form.def.title}.
      </p>
      {keptHere ? null : (
        <p className="lead-not-kept">
          Your browser did not let us keep a copy on this device (its storage is full or switched off). Our team has your {form.def.title}, so there is no need
          to send it again; note the reference above.
        </p>
      )}
      <p>{form.def.nextSteps}</p>
      <button type="button" className="btn btn-secondary btn-small" onClick={form.reset}>
        Send another {form.def.title}
      </button>
    </div>
  );
}
