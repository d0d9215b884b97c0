/**
 * The frame shared by the five lead forms: error summary, delivery alert with its fallbacks,
 * honeypot, submit button, and the confirmation with the reference id that replaces the form.
 */
import { Fragment, useRef, type MouseEvent, type ReactNode } from 'react';
import { useHydrated } from '@/ui/components/use-hydrated';
import { mailtoHref, whatsappHref } from '@/shared/contact-links';
import { site } from '@/shared/site';
import { leadMailtoHref, leadWhatsappHref } from './fallback';
import { Honeypot, LeadFormContext } from './fields';
import type { FormDef } from '@/shared/domain/lead-forms';
import { fill } from '@/shared/i18n/fill';
import { DEFAULT_LANGUAGE } from '@/shared/i18n/languages';
import { siteText } from '@/ui/i18n/ui';
import { HONEYPOT_FIELD } from './submit';
import { type LeadFormApi, useLeadForm } from './use-lead-form';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A text whose {placeholders} are elements: the text around them stays text. */
function sayWith(template: string, parts: Record<string, ReactNode>): ReactNode[] {
  return template.split(/\{(\w+)\}/).map((piece, index) => <Fragment key={index}>{index % 2 === 1 ? (parts[piece] ?? `{${piece}}`) : piece}</Fragment>);
}

/** `locale`: the page's language; a form on a page in another language records it with the lead. */
export function LeadForm({ def, locale = DEFAULT_LANGUAGE.code, children }: { def: FormDef; locale?: string; children: ReactNode }) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useLeadForm(def, formRef, locale === DEFAULT_LANGUAGE.code ? undefined : locale);
  const w = def.words;
  const hydrated = useHydrated();
  const { phase } = form;
  if (phase.name === 'done') return <Confirmation form={form} reference={phase.reference} keptHere={phase.keptHere} />;
  const busy = phase.name === 'sending';
  return (
    <LeadFormContext value={form}>
      <form ref={formRef} className="lead-form" noValidate aria-label={def.formName} onSubmit={form.onSubmit}>
        <noscript>
          <p className="callout">
            {sayWith(w.noscript, {
              email: (
                <a href={mailtoHref(capitalised(def.title))} dir="ltr">
                  {site.contact.email}
                </a>
              ),
              // The greeting the chat opens with, in the page's language, as the footer's link has it.
              whatsapp: <a href={whatsappHref(siteText(locale, 'whatsappMessage'))}>{w.noscriptWhatsapp}</a>,
            })}
          </p>
        </noscript>
        <ErrorSummary form={form} />
        <DeliveryAlert form={form} />
        <p className="lead-note">{w.allRequired}</p>
        {children}
        <Honeypot name={HONEYPOT_FIELD} />
        <div className="lead-actions">
          {/* Disabled in the HTML, so without the script the form never sends its fields anywhere;
              the page's runtime enables it and holds a press until the form is ready. React's
              development build would report that change as a mismatch: it is intended. */}
          <button type="submit" className="btn btn-primary" disabled={!hydrated || busy} data-until-hydrated suppressHydrationWarning>
            {busy ? w.sending : def.submitLabel}
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
        {invalid.length === 1 ? form.def.words.summaryOne : fill(form.def.words.summaryMany, { count: invalid.length })}
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
  const w = def.words;
  return (
    <div id={form.fieldId('alert')} className="lead-alert" role="alert" tabIndex={-1}>
      <h3 className="lead-alert-title">{fill(post.state === 'failed' ? w.notReached : w.notSaved, { title: def.title })}</h3>
      <ul>
        {post.state === 'failed' ? <li>{fill(w.notSent, { reason: post.reason })}</li> : null}
        {saved ? <li>{sayWith(w.savedCopy, { reference: <bdi dir="ltr">{record.id}</bdi> })}</li> : <li>{w.noCopy}</li>}
      </ul>
      <p>{w.stillInForm}</p>
      <div className="lead-alert-actions">
        <button type="button" className="btn btn-primary btn-small" onClick={form.retry} disabled={retrying}>
          {retrying ? w.retrying : w.retry}
        </button>
        <a className="btn btn-secondary btn-small" href={leadMailtoHref(def.collection, record, def)}>
          {w.sendByEmail}
        </a>
        <a className="btn btn-secondary btn-small" href={leadWhatsappHref(def.collection, record, def)} target="_blank" rel="noopener noreferrer">
          {w.sendViaWhatsapp}
        </a>
      </div>
    </div>
  );
}

function Confirmation({ form, reference, keptHere }: { form: LeadFormApi; reference: string; keptHere: boolean }) {
  const { title, words: w, nextSteps } = form.def;
  return (
    <div className="lead-done">
      <h3 id={form.fieldId('done')} tabIndex={-1} className="lead-done-title">
        {fill(w.thanks, { title })}
      </h3>
      <p>
        {sayWith(w.reference, {
          reference: (
            <strong className="lead-reference" dir="ltr">
              {reference}
            </strong>
          ),
          title,
        })}
      </p>
      {keptHere ? null : <p className="lead-not-kept">{fill(w.notKept, { title })}</p>}
      <p>{nextSteps}</p>
      <button type="button" className="btn btn-secondary btn-small" onClick={form.reset}>
        {fill(w.another, { title })}
      </button>
    </div>
  );
}
