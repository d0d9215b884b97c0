/**
 * The five lead forms, as the MDX pages import them: contact (quote request), sample request,
 * careers, partnership and investment. Labels, rules and texts live in src/shared/domain/lead-forms.ts.
 */
import { Field, FieldRow } from './fields';
import { LeadForm } from './LeadForm';
import { DEFAULT_LANGUAGE } from '@/shared/i18n/languages';
import { FORMS, formsIn } from './site-forms';

/** A form's fields in the order shown, a pair sharing a row on a wide screen. */
type Layout = readonly (string | readonly [string, string])[];

function FormFields({ layout }: { layout: Layout }) {
  return layout.map((item) =>
    typeof item === 'string' ? (
      <Field key={item} name={item} />
    ) : (
      <FieldRow key={item.join()}>
        <Field name={item[0]} />
        <Field name={item[1]} />
      </FieldRow>
    ),
  );
}

/** `locale`: the page's language, given to islands on pages in a language other than the default. */
type Props = { locale?: string };

export function ContactForm({ locale = DEFAULT_LANGUAGE.code }: Props) {
  return (
    <LeadForm def={formsIn(locale).contactEnquiries} locale={locale}>
      <FormFields layout={[['name', 'company'], ['email', 'phone'], 'country', 'products', ['quantity', 'unit'], ['destination', 'incoterm'], 'message']} />
    </LeadForm>
  );
}

export function SampleRequestForm({ locale = DEFAULT_LANGUAGE.code }: Props) {
  return (
    <LeadForm def={formsIn(locale).sampleRequests} locale={locale}>
      <FormFields layout={[['company', 'contactPerson'], ['email', 'phone'], 'products', 'sampleSize', 'address', 'country', 'application']} />
    </LeadForm>
  );
}

export function CareersForm() {
  return (
    <LeadForm def={FORMS.jobApplications}>
      <FormFields layout={['name', ['email', 'phone'], ['position', 'experience'], 'location', 'cvUrl', 'coverLetter']} />
    </LeadForm>
  );
}

export function PartnershipForm() {
  return (
    <LeadForm def={FORMS.partnershipApplications}>
      <FormFields layout={[['company', 'contactPerson'], ['email', 'phone'], ['partnershipType', 'country'], 'message']} />
    </LeadForm>
  );
}

export function InvestmentForm() {
  return (
    <LeadForm def={FORMS.investorInterests}>
      <FormFields layout={[['name', 'email'], 'organisation', ['investorType', 'ticketSize'], 'message']} />
    </LeadForm>
  );
}
