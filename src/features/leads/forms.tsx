/**
 * The five lead forms, as the MDX pages import them: contact (quote request), sample request,
 * careers, partnership and investment. Labels, rules and texts live in src/domain/lead-forms.ts.
 */
import { Field, FieldRow } from './fields';
import { LeadForm } from './LeadForm';
import { DEFAULT_LANGUAGE } from '@/i18n/languages';
import { FORMS, formsIn } from './site-forms';

/** `locale`: the page's language, given to islands on pages in a language other than the default. */
type Props = { locale?: string };

export function ContactForm({ locale = DEFAULT_LANGUAGE.code }: Props) {
  return (
    <LeadForm def={formsIn(locale).contactEnquiries} locale={locale}>
      <FieldRow>
        <Field name="name" />
        <Field name="company" />
      </FieldRow>
      <FieldRow>
        <Field name="email" />
        <Field name="phone" />
      </FieldRow>
      <Field name="country" />
      <Field name="products" />
      <FieldRow>
        <Field name="quantity" />
        <Field name="unit" />
      </FieldRow>
      <FieldRow>
        <Field name="destination" />
        <Field name="incoterm" />
      </FieldRow>
      <Field name="message" />
    </LeadForm>
  );
}

export function SampleRequestForm({ locale = DEFAULT_LANGUAGE.code }: Props) {
  return (
    <LeadForm def={formsIn(locale).sampleRequests} locale={locale}>
      <FieldRow>
        <Field name="company" />
        <Field name="contactPerson" />
      </FieldRow>
      <FieldRow>
        <Field name="email" />
        <Field name="phone" />
      </FieldRow>
      <Field name="products" />
      <Field name="sampleSize" />
      <Field name="address" />
      <Field name="country" />
      <Field name="application" />
    </LeadForm>
  );
}

export function CareersForm() {
  return (
    <LeadForm def={FORMS.jobApplications}>
      <Field name="name" />
      <FieldRow>
        <Field name="email" />
        <Field name="phone" />
      </FieldRow>
      <FieldRow>
        <Field name="position" />
        <Field name="experience" />
      </FieldRow>
      <Field name="location" />
      <Field name="cvUrl" />
      <Field name="coverLetter" />
    </LeadForm>
  );
}

export function PartnershipForm() {
  return (
    <LeadForm def={FORMS.partnershipApplications}>
      <FieldRow>
        <Field name="company" />
        <Field name="contactPerson" />
      </FieldRow>
      <FieldRow>
        <Field name="email" />
        <Field name="phone" />
      </FieldRow>
      <FieldRow>
        <Field name="partnershipType" />
        <Field name="country" />
      </FieldRow>
      <Field name="message" />
    </LeadForm>
  );
}

export function InvestmentForm() {
  return (
    <LeadForm def={FORMS.investorInterests}>
      <FieldRow>
        <Field name="name" />
        <Field name="email" />
      </FieldRow>
      <Field name="organisation" />
      <FieldRow>
        <Field name="investorType" />
        <Field name="ticketSize" />
      </FieldRow>
      <Field name="message" />
    </LeadForm>
  );
}
