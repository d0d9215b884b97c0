/**
 * The five lead forms, as the MDX pages import them: contact (quote request), sample request,
 * careers, partnership and investment. Labels, rules and texts live in schemas.ts.
 */
import { Field, FieldRow } from './fields';
import { LeadForm } from './LeadForm';
import { CAREERS_FORM, CONTACT_FORM, INVESTMENT_FORM, PARTNERSHIP_FORM, SAMPLE_FORM } from '@/domain/lead-forms';

export function ContactForm() {
  return (
    <LeadForm def={CONTACT_FORM}>
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

export function SampleRequestForm() {
  return (
    <LeadForm def={SAMPLE_FORM}>
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
      <Field name="application" />
    </LeadForm>
  );
}

export function CareersForm() {
  return (
    <LeadForm def={CAREERS_FORM}>
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
    <LeadForm def={PARTNERSHIP_FORM}>
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
    <LeadForm def={INVESTMENT_FORM}>
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
