/**
 * The five lead forms as data: each field's label, hint and kind, and the valibot schema that
 * checks and trims what was typed. The form components, the e-mail/WhatsApp fallback text, the
 * server's check of a submission and the tests all read these definitions, so a label or a rule is
 * written once. The products buyers can choose are the site configuration's (content/site.yaml,
 * `products`): the browser and the server each pass that list to leadForms().
 */
import * as v from 'valibot';
import type { Collection, Fields } from '@/domain/records';

const QUANTITY_UNITS = ['kg', 'metric tons', 'units'] as const;
const INCOTERMS = [
  { value: 'EXW', label: 'EXW (Ex Works)' },
  { value: 'FOB', label: 'FOB (Free On Board)' },
  { value: 'CFR', label: 'CFR (Cost and Freight)' },
  { value: 'CIF', label: 'CIF (Cost, Insurance and Freight)' },
  { value: 'CPT', label: 'CPT (Carriage Paid To)' },
  { value: 'CIP', label: 'CIP (Carriage and Insurance Paid To)' },
  { value: 'DAP', label: 'DAP (Delivered At Place)' },
  { value: 'DDP', label: 'DDP (Delivered Duty Paid, select regions)' },
  // The contact page invites buyers who are unsure to say so; we then quote more than one term.
  { value: 'Not sure', label: 'Not sure yet: please advise' },
] as const;
const SAMPLE_SIZES = ['50 g', '75 g', '100 g'] as const;
const POSITIONS = [
  'Export Sales Executive',
  'Quality Assurance Executive',
  'Production Supervisor',
  'Logistics and Export Documentation Coordinator',
  'Other',
] as const;
const PARTNERSHIP_TYPES = ['Distributor', 'Private label', 'Co-manufacturing', 'Logistics or agency partner', 'Farmer-producer organisation'] as const;
const INVESTOR_TYPES = ['Angel investor', 'Venture capital', 'Family office', 'Strategic/corporate', 'Other'] as const;
const TICKET_SIZES = ['Under USD 50,000', 'USD 50,000-250,000', 'USD 250,000-1,000,000', 'Over USD 1,000,000'] as const;

type Option = string | { readonly value: string; readonly label: string };
type FieldKind = 'text' | 'email' | 'tel' | 'url' | 'number' | 'textarea' | 'select' | 'checkboxes';

export interface FieldDef {
  label: string;
  kind: FieldKind;
  hint?: string;
  options?: readonly Option[];
  /** Shown as '(optional)' next to the label; every other field is required. */
  optional?: boolean;
  autoComplete?: string;
  /**
   * A select's empty first option, e.g. 'Choose a unit' (default 'Choose one'). Every select
   * starts on it, so a required one is answered only by a choice the visitor made.
   */
  placeholder?: string;
}

export interface FormDef {
  collection: Collection;
  /** Names the submission in e-mail subjects and the confirmation, e.g. 'quote request'. */
  title: string;
  submitLabel: string;
  /** What happens after a successful submission, shown with the reference id. */
  nextSteps: string;
  fields: Record<string, FieldDef>;
  schema: v.ObjectSchema<v.ObjectEntries, undefined>;
}

export type FormValues = Record<string, string | string[]>;
export type FormErrors = Record<string, string>;

export const optionValue = (option: Option): string => (typeof option === 'string' ? option : option.value);
export const optionLabel = (option: Option): string => (typeof option === 'string' ? option : option.label);

// ------------------------------------------------------------------ field rules

const MESSAGE_MIN = 20;
const MESSAGE_MAX = 2000;

const grouped = (n: number) => n.toLocaleString('en-US');

function text(emptyMessage: string, what: string, max = 200) {
  return v.pipe(v.string(), v.trim(), v.nonEmpty(emptyMessage), v.maxLength(max, `Shorten ${what} to ${grouped(max)} characters or fewer`));
}

function optionalText(what: string, max = 200) {
  return v.pipe(v.string(), v.trim(), v.maxLength(max, `Shorten ${what} to ${grouped(max)} characters or fewer`));
}

function longText(emptyMessage: string, what: string, min = MESSAGE_MIN, max = MESSAGE_MAX) {
  return v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(emptyMessage),
    v.minLength(min, (issue) => `Write at least ${min} characters in ${what}, so we know what you need (it has ${issue.received} now)`),
    v.maxLength(max, (issue) => `Shorten ${what} to ${grouped(max)} characters or fewer (it has ${grouped(Number(issue.received))} now)`),
  );
}

const email = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Enter your e-mail address'),
  v.maxLength(254, 'Enter an e-mail address of 254 characters or fewer'),
  v.email('Enter an e-mail address like name@company.com'),
);

const digitCount = (value: string) => value.replace(/\D/g, '').length;

function phone(withCountryCode: boolean) {
  const example = withCountryCode ? '+49 30 1234567' : '+91 80 1234 5678';
  return v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(withCountryCode ? 'Enter your phone number with the country code' : 'Enter your phone number'),
    v.regex(/^[\d\s+()-]+$/, 'Use only digits, spaces, +, - and brackets in the phone number'),
    v.check((value) => value.lastIndexOf('+') <= 0, 'Put the + only at the start, before the country code'),
    v.minLength(7, `Enter the full phone number, like ${example}`),
    v.maxLength(20, 'Enter a phone number of 20 characters or fewer'),
    v.check((value) => digitCount(value) >= 7, `Enter the full phone number, with at least 7 digits, like ${example}`),
    v.check((value) => !withCountryCode || /^\+[1-9]/.test(value), `Start with + and the country code, like ${example}`),
  );
}

function choice(options: readonly Option[], message: string) {
  return v.picklist(options.map(optionValue), message);
}

function productChoice(products: readonly string[]) {
  return v.pipe(v.array(v.picklist(products, 'Choose products from the list')), v.minLength(1, 'Choose at least one product'));
}

const quantity = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Enter the quantity you need'),
  v.regex(/^\d{1,9}(?:[.,]\d{1,3})?$/, 'Enter the quantity as a number, like 5 or 2.5'),
  v.transform((value) => value.replace(',', '.')),
  v.check((value) => Number(value) > 0, 'Enter a quantity greater than 0'),
  v.check((value) => Number(value) <= 1_000_000, 'Enter a quantity of 1,000,000 or less'),
);

const experience = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Enter your years of experience (0 if you are starting out)'),
  v.regex(/^\d+$/, 'Enter your years of experience as a whole number, like 4'),
  v.check((value) => Number(value) <= 50, 'Enter a number of years from 0 to 50'),
  v.transform((value) => String(Number(value))),
);

const cvLink = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Add a link to your CV'),
  v.maxLength(500, 'Enter a link of 500 characters or fewer'),
  v.url('Enter the full link to your CV, like https://drive.example.com/my-cv.pdf'),
  v.regex(/^https:\/\//i, 'Use a secure link that starts with https://'),
);

// ------------------------------------------------------------------ the five forms

const PHONE_HINT = 'With country code, e.g. +49 30 1234567.';

function contactForm(products: readonly string[]): FormDef {
  return {
    collection: 'contactEnquiries',
    title: 'quote request',
    submitLabel: 'Send quote request',
    nextSteps: 'Our export desk replies within one business day with a quotation or questions about your specification. Quotations are valid for 15-30 days.',
    fields: {
      name: { label: 'Your name', kind: 'text', autoComplete: 'name' },
      company: { label: 'Company', kind: 'text', autoComplete: 'organization' },
      email: { label: 'E-mail', kind: 'email', autoComplete: 'email' },
      phone: { label: 'Phone', kind: 'tel', autoComplete: 'tel', hint: PHONE_HINT },
      country: { label: 'Country', kind: 'text', autoComplete: 'country-name' },
      products: { label: 'Products of interest', kind: 'checkboxes', options: products, hint: 'Choose one or more.' },
      quantity: {
        label: 'Quantity per shipment',
        kind: 'number',
        hint: 'Minimum order: 1 metric ton for dehydrated products, 100 kg for oils and extracts, 10,000 units for capsules.',
      },
      unit: { label: 'Unit', kind: 'select', options: QUANTITY_UNITS, placeholder: 'Choose a unit' },
      destination: { label: 'Destination port or country', kind: 'text', hint: 'For example Hamburg, Germany.' },
      incoterm: { label: 'Incoterm', kind: 'select', options: INCOTERMS },
      message: {
        label: 'Message',
        kind: 'textarea',
        hint: 'Grade or mesh size, packaging and labelling, target shipment date and the certificates you need.',
      },
    },
    schema: v.object({
      name: text('Enter your name', 'your name', 100),
      company: text('Enter your company name', 'the company name'),
      email,
      phone: phone(true),
      country: text('Enter your country', 'the country', 100),
      products: productChoice(products),
      quantity,
      unit: choice(QUANTITY_UNITS, 'Choose the unit: kg, metric tons or units'),
      destination: text('Enter the destination port or country', 'the destination'),
      incoterm: choice(INCOTERMS, 'Choose an Incoterm, or "Not sure yet" if you want us to advise'),
      message: longText('Write a short message about your requirement', 'your message'),
    }),
  };
}

function sampleForm(products: readonly string[]): FormDef {
  return {
    collection: 'sampleRequests',
    title: 'sample request',
    submitLabel: 'Request samples',
    nextSteps: 'Sample requests are processed in 2-3 business days. We e-mail you the courier tracking number and the specification sheet of each product.',
    fields: {
      company: { label: 'Company', kind: 'text', autoComplete: 'organization' },
      contactPerson: { label: 'Contact person', kind: 'text', autoComplete: 'name' },
      email: { label: 'E-mail', kind: 'email', autoComplete: 'email' },
      phone: { label: 'Phone', kind: 'tel', autoComplete: 'tel', hint: PHONE_HINT },
      products: { label: 'Products to sample', kind: 'checkboxes', options: products, hint: 'Choose one or more.' },
      sampleSize: { label: 'Sample size per product', kind: 'select', options: SAMPLE_SIZES, hint: 'Samples are 50-100 g.' },
      address: {
        label: 'Delivery address',
        kind: 'textarea',
        autoComplete: 'street-address',
        hint: 'Street, city, postal code and country, as the courier needs it.',
      },
      application: { label: 'Intended application', kind: 'text', hint: 'For example seasoning blends, ready meals or dietary supplements.' },
    },
    schema: v.object({
      company: text('Enter your company name', 'the company name'),
      contactPerson: text('Enter the name of the contact person', 'the name', 100),
      email,
      phone: phone(true),
      products: productChoice(products),
      sampleSize: choice(SAMPLE_SIZES, 'Choose a sample size: 50 g, 75 g or 100 g'),
      address: longText('Enter the delivery address for the courier', 'the address', 10, 500),
      application: text('Tell us what you will use the samples for', 'the intended application', 300),
    }),
  };
}

const CAREERS_FORM: FormDef = {
  collection: 'jobApplications',
  title: 'job application',
  submitLabel: 'Send application',
  nextSteps: 'Our hiring team reads every application. If your profile matches the role, we contact you by e-mail or phone to arrange a first conversation.',
  fields: {
    name: { label: 'Full name', kind: 'text', autoComplete: 'name' },
    email: { label: 'E-mail', kind: 'email', autoComplete: 'email' },
    phone: { label: 'Phone', kind: 'tel', autoComplete: 'tel', hint: 'Add the country code if you live outside India.' },
    position: { label: 'Position', kind: 'select', options: POSITIONS },
    experience: { label: 'Years of experience', kind: 'number', hint: 'A whole number from 0 to 50.' },
    location: { label: 'Current location', kind: 'text', autoComplete: 'address-level2', hint: 'City and country.' },
    cvUrl: {
      label: 'Link to your CV',
      kind: 'url',
      autoComplete: 'url',
      hint: 'An https:// link to your CV, for example on a file-sharing drive or a profile page. Make sure it opens without signing in.',
    },
    coverLetter: { label: 'Cover letter', kind: 'textarea', hint: 'Why this role, and what you would bring to it (20 to 2,000 characters).' },
  },
  schema: v.object({
    name: text('Enter your full name', 'your name', 100),
    email,
    phone: phone(false),
    position: choice(POSITIONS, 'Choose the position you are applying for'),
    experience,
    location: text('Enter the city and country where you live', 'the location', 100),
    cvUrl: cvLink,
    coverLetter: longText('Write a short cover letter', 'your cover letter'),
  }),
};

const PARTNERSHIP_FORM: FormDef = {
  collection: 'partnershipApplications',
  title: 'partnership application',
  submitLabel: 'Send partnership application',
  nextSteps: 'Our partnerships team reviews your application and contacts you to discuss volumes, terms and the next steps.',
  fields: {
    company: { label: 'Company', kind: 'text', autoComplete: 'organization' },
    contactPerson: { label: 'Contact person', kind: 'text', autoComplete: 'name' },
    email: { label: 'E-mail', kind: 'email', autoComplete: 'email' },
    phone: { label: 'Phone', kind: 'tel', autoComplete: 'tel', hint: PHONE_HINT },
    partnershipType: { label: 'Partnership type', kind: 'select', options: PARTNERSHIP_TYPES },
    country: { label: 'Country', kind: 'text', autoComplete: 'country-name' },
    message: { label: 'Message', kind: 'textarea', hint: 'Your markets, customers and the volumes you expect (20 to 2,000 characters).' },
  },
  schema: v.object({
    company: text('Enter your company name', 'the company name'),
    contactPerson: text('Enter the name of the contact person', 'the name', 100),
    email,
    phone: phone(true),
    partnershipType: choice(PARTNERSHIP_TYPES, 'Choose the type of partnership'),
    country: text('Enter your country', 'the country', 100),
    message: longText('Tell us about your business and the partnership you have in mind', 'your message'),
  }),
};

const INVESTMENT_FORM: FormDef = {
  collection: 'investorInterests',
  title: 'investor interest',
  submitLabel: 'Register interest',
  nextSteps: 'Our investor relations team replies by e-mail with the next steps, which can include access to the investor portal.',
  fields: {
    name: { label: 'Your name', kind: 'text', autoComplete: 'name' },
    email: { label: 'E-mail', kind: 'email', autoComplete: 'email' },
    organisation: { label: 'Organisation', kind: 'text', autoComplete: 'organization', optional: true, hint: 'Fund, family office or company, if any.' },
    investorType: { label: 'Investor type', kind: 'select', options: INVESTOR_TYPES },
    ticketSize: { label: 'Intended ticket size', kind: 'select', options: TICKET_SIZES },
    message: { label: 'Message', kind: 'textarea', hint: 'Your investment focus and what you would like to know (20 to 2,000 characters).' },
  },
  schema: v.object({
    name: text('Enter your name', 'your name', 100),
    email,
    organisation: optionalText('the organisation name'),
    investorType: choice(INVESTOR_TYPES, 'Choose the type of investor you are'),
    ticketSize: choice(TICKET_SIZES, 'Choose the ticket size you have in mind'),
    message: longText('Write a short message about your interest', 'your message'),
  }),
};

export type LeadForms = Readonly<Record<Collection, FormDef>>;

/** The five forms, offering `products` (the site configuration's list) where a buyer chooses products. */
export function leadForms(products: readonly string[]): LeadForms {
  return {
    contactEnquiries: contactForm(products),
    sampleRequests: sampleForm(products),
    jobApplications: CAREERS_FORM,
    partnershipApplications: PARTNERSHIP_FORM,
    investorInterests: INVESTMENT_FORM,
  };
}

// The forms' names, labels and field order do not depend on the products, so these need no list.
const SHAPES = leadForms([]);

/** The label of a stored field, for the fallback text (and any reader of stored records). */
export function fieldLabel(collection: Collection, key: string): string {
  return SHAPES[collection].fields[key]?.label ?? key;
}

/** A form's field names in the form's order. */
export function fieldNames(collection: Collection): string[] {
  return Object.keys(SHAPES[collection].fields);
}

// ------------------------------------------------------------------ validation

export function initialValues(def: FormDef): FormValues {
  const values: FormValues = {};
  for (const [name, field] of Object.entries(def.fields)) values[name] = field.kind === 'checkboxes' ? [] : '';
  return values;
}

type Validation = { ok: true; fields: Fields } | { ok: false; errors: FormErrors };

/** Checks every field; on failure, one message per invalid field in the form's order. */
export function validateForm(def: FormDef, values: FormValues): Validation {
  const result = v.safeParse(def.schema, values, { abortPipeEarly: true });
  if (result.success) return { ok: true, fields: result.output as Fields };
  const errors: FormErrors = {};
  const nested = v.flatten(result.issues).nested ?? {};
  for (const name of Object.keys(def.fields)) {
    // Array items (a product outside the list) report under 'products.0'.
    const messages = nested[name] ?? Object.entries(nested).find(([path]) => path.startsWith(`${name}.`))?.[1];
    if (messages?.[0]) errors[name] = messages[0];
  }
  return { ok: false, errors };
}

/** The message for one field (or undefined when it is valid), to clear errors as they are fixed. */
export function validateField(def: FormDef, name: string, value: string | string[]): string | undefined {
  const schema = def.schema.entries[name];
  if (!schema) return undefined;
  const result = v.safeParse(schema, value, { abortPipeEarly: true });
  return result.success ? undefined : result.issues[0]?.message;
}
