/**
 * The five lead forms as data: each field's label, hint and kind, and the valibot schema that
 * checks and trims what was typed. The form components, the e-mail/WhatsApp fallback text, the
 * server's check of a submission and the tests all read these definitions, so a label or a rule is
 * written once. The products buyers can choose are the site configuration's (content/site.yaml,
 * `products`): the browser and the server each pass that list to leadForms().
 */
import * as v from 'valibot';
import type { Collection, Fields } from '@/shared/domain/records';
import { countryOptions, isCountryCode } from '@/shared/domain/countries';

const QUANTITY_UNITS = ['kg', 'metric tons', 'units'] as const;
const INCOTERMS = ['EXW', 'FOB', 'CFR', 'CIF', 'CPT', 'CIP', 'DAP', 'DDP', 'Not sure'] as const;
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
  /** The form's accessible name, e.g. 'Quote request form'. */
  formName: string;
  submitLabel: string;
  /** What happens after a successful submission, shown with the reference id. */
  nextSteps: string;
  /** The words of the form's frame (summary, alerts, confirmation, fallback text) in the form's language. */
  words: LeadFormWords;
  fields: Record<string, FieldDef>;
  schema: v.ObjectSchema<v.ObjectEntries, undefined>;
}

export type FormValues = Record<string, string | string[]>;
export type FormErrors = Record<string, string>;

export const optionValue = (option: Option): string => (typeof option === 'string' ? option : option.value);
export const optionLabel = (option: Option): string => (typeof option === 'string' ? option : option.label);

// ------------------------------------------------------------------ the words of the contact and sample forms

/**
 * The contact and sample request forms speak the page's language: their labels, hints, option
 * labels, messages and the frame's texts (LeadForm, the fallback text) come from
 * content/ui/<code>.yaml, section `leadForms`, which the browser passes in. These are its English
 * words (content/ui/en.yaml has the same; a unit test keeps the two equal), used by the server
 * and wherever no words are passed. {braces} are filled in.
 */
export const LEAD_FORM_WORDS = {
  numberFormat: 'en-US',
  optional: '(optional)',
  chooseOne: 'Choose one',
  allRequired: 'All fields are required unless marked optional.',
  sending: 'Sending…',
  honeypot: 'Leave this field empty',
  summaryOne: 'Please correct 1 field',
  summaryMany: 'Please correct {count} fields',
  noscript: 'This form needs JavaScript. You can send the same details by e-mail to {email} or {whatsapp}.',
  noscriptWhatsapp: 'via WhatsApp',
  notReached: 'Your {title} has not reached us yet',
  notSaved: 'Your {title} could not be saved',
  notSent: 'It could not be sent to our team: {reason}.',
  reasonConnection: 'the connection to our server failed (check your internet connection)',
  reasonStatus: 'our server answered with error {status}',
  reasonStatusText: 'our server answered with error {status} ({statusText})',
  reasonTimeout: 'our server did not answer within {seconds} seconds',
  reasonTimeoutOne: 'our server did not answer within 1 second',
  savedCopy: 'A copy is saved in this browser under reference {reference}.',
  noCopy: 'Your browser did not let us save a copy on this device (its storage is full or switched off).',
  stillInForm: 'Everything you typed is still in the form below. Try again, or send the same details by e-mail or WhatsApp.',
  retry: 'Retry',
  retrying: 'Retrying…',
  sendByEmail: 'Send by e-mail',
  sendViaWhatsapp: 'Send via WhatsApp',
  thanks: 'Thank you: your {title} has been received',
  reference: 'Your reference is {reference}. Please quote it in any message about this {title}.',
  notKept:
    'Your browser did not let us keep a copy on this device (its storage is full or switched off). Our team has your {title}, so there is no need to send it again; note the reference above.',
  another: 'Send another {title}',
  fallbackHeading: '{title}, reference {reference}',
  fallbackSubject: '{title} {reference}',
  fallbackSubjectFrom: '{title} {reference} from {sender}',
  languageLabel: 'Language',
  tooLong: 'Shorten {what} to {max} characters or fewer',
  tooShort: 'Write at least {min} characters in {what}, so we know what you need (it has {count} now)',
  tooLongCount: 'Shorten {what} to {max} characters or fewer (it has {count} now)',
  emailEmpty: 'Enter your e-mail address',
  emailTooLong: 'Enter an e-mail address of 254 characters or fewer',
  emailFormat: 'Enter an e-mail address like name@company.com',
  phoneEmpty: 'Enter your phone number with the country code',
  phoneCharacters: 'Use only digits, spaces, +, - and brackets in the phone number',
  phonePlus: 'Put the + only at the start, before the country code',
  phoneShort: 'Enter the full phone number, like {example}',
  phoneTooLong: 'Enter a phone number of 20 characters or fewer',
  phoneDigits: 'Enter the full phone number, with at least 7 digits, like {example}',
  phoneCountryCode: 'Start with + and the country code, like {example}',
  phoneHint: 'With country code, e.g. +49 30 1234567.',
  phoneExample: '+49 30 1234567',
  productsHint: 'Choose one or more.',
  productsFromList: 'Choose products from the list',
  productsNone: 'Choose at least one product',
  quantityEmpty: 'Enter the quantity you need',
  quantityFormat: 'Enter the quantity as a number, like 5 or 2.5',
  quantityPositive: 'Enter a quantity greater than 0',
  quantityMax: 'Enter a quantity of 1,000,000 or less',
  unitKg: 'kg',
  unitTons: 'metric tons',
  unitUnits: 'units',
  incotermEXW: 'EXW (Ex Works)',
  incotermFOB: 'FOB (Free On Board)',
  incotermCFR: 'CFR (Cost and Freight)',
  incotermCIF: 'CIF (Cost, Insurance and Freight)',
  incotermCPT: 'CPT (Carriage Paid To)',
  incotermCIP: 'CIP (Carriage and Insurance Paid To)',
  incotermDAP: 'DAP (Delivered At Place)',
  incotermDDP: 'DDP (Delivered Duty Paid, select regions)',
  incotermNotSure: 'Not sure yet: please advise',
  emailLabel: 'E-mail',
  phoneLabel: 'Phone',
  companyLabel: 'Company',
  companyEmpty: 'Enter your company name',
  companyWhat: 'the company name',
  contactTitle: 'quote request',
  contactFormName: 'Quote request form',
  contactSubmit: 'Send quote request',
  contactNextSteps:
    'Our export desk replies within one business day with a quotation or questions about your specification. Quotations are valid for 15-30 days.',
  nameLabel: 'Your name',
  nameEmpty: 'Enter your name',
  nameWhat: 'your name',
  countryLabel: 'Country',
  countryPlaceholder: 'Choose a country',
  countryEmpty: 'Choose your country',
  countryChoice: 'Choose your country from the list',
  contactProductsLabel: 'Products of interest',
  quantityLabel: 'Quantity per shipment',
  quantityHint: 'Minimum order: 1 metric ton for dehydrated products, 100 kg for oils and extracts, 10,000 units for capsules.',
  unitLabel: 'Unit',
  unitPlaceholder: 'Choose a unit',
  unitChoice: 'Choose the unit: kg, metric tons or units',
  destinationLabel: 'Destination port or country',
  destinationHint: 'For example Hamburg, Germany.',
  destinationEmpty: 'Enter the destination port or country',
  destinationWhat: 'the destination',
  incotermLabel: 'Incoterm',
  incotermChoice: 'Choose an Incoterm, or "Not sure yet" if you want us to advise',
  messageLabel: 'Message',
  messageHint: 'Grade or mesh size, packaging and labelling, target shipment date and the certificates you need.',
  messageEmpty: 'Write a short message about your requirement',
  messageWhat: 'your message',
  sampleTitle: 'sample request',
  sampleFormName: 'Sample request form',
  sampleSubmit: 'Request samples',
  sampleNextSteps: 'Sample requests are processed in 2-3 business days. We e-mail you the courier tracking number and the specification sheet of each product.',
  contactPersonLabel: 'Contact person',
  contactPersonEmpty: 'Enter the name of the contact person',
  contactPersonWhat: 'the name',
  sampleProductsLabel: 'Products to sample',
  sampleSizeLabel: 'Sample size per product',
  sampleSizeHint: 'Samples are 50-100 g.',
  sampleSizeChoice: 'Choose a sample size: 50 g, 75 g or 100 g',
  addressLabel: 'Delivery address',
  addressHint: 'Street, city, postal code and country, as the courier needs it.',
  addressEmpty: 'Enter the delivery address for the courier',
  addressWhat: 'the address',
  applicationLabel: 'Intended application',
  applicationHint: 'For example seasoning blends, ready meals or dietary supplements.',
  applicationEmpty: 'Tell us what you will use the samples for',
  applicationWhat: 'the intended application',
} as const;

export type LeadFormWords = Record<keyof typeof LEAD_FORM_WORDS, string>;

/** A text with its {placeholders} filled in (as src/ui/i18n/ui.ts's fill, which the domain may not import). */
export function say(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** A page's language code, as the contact and sample forms record it (`language`, absent for the default language). */
const languageCode = v.optional(v.pipe(v.string(), v.regex(/^[a-z]{2,3}$/, 'Send the language as a code like de')));

// ------------------------------------------------------------------ field rules

const MESSAGE_MIN = 20;
const MESSAGE_MAX = 2000;

const ENGLISH = LEAD_FORM_WORDS as LeadFormWords;
const grouped = (n: number, w: LeadFormWords = ENGLISH) => n.toLocaleString(w.numberFormat);

function text(emptyMessage: string, what: string, max = 200, w: LeadFormWords = ENGLISH) {
  return v.pipe(v.string(), v.trim(), v.nonEmpty(emptyMessage), v.maxLength(max, say(w.tooLong, { what, max: grouped(max, w) })));
}

function optionalText(what: string, max = 200) {
  return v.pipe(v.string(), v.trim(), v.maxLength(max, `Shorten ${what} to ${grouped(max)} characters or fewer`));
}

function longText(emptyMessage: string, what: string, min = MESSAGE_MIN, max = MESSAGE_MAX, w: LeadFormWords = ENGLISH) {
  return v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(emptyMessage),
    v.minLength(min, (issue) => say(w.tooShort, { min, what, count: issue.received })),
    v.maxLength(max, (issue) => say(w.tooLongCount, { what, max: grouped(max, w), count: grouped(Number(issue.received), w) })),
  );
}

function emailRule(w: LeadFormWords = ENGLISH) {
  return v.pipe(v.string(), v.trim(), v.nonEmpty(w.emailEmpty), v.maxLength(254, w.emailTooLong), v.email(w.emailFormat));
}
const email = emailRule();

const digitCount = (value: string) => value.replace(/\D/g, '').length;

/**
 * Arabic-Indic (٠-٩) and Persian (۰-۹) digits and the Arabic decimal separator as Western digits
 * and a point: a Gulf buyer's keyboard may type them, and the site stores numbers in Western digits.
 */
const westernDigits = v.transform((value: string) =>
  value.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => String(digit.charCodeAt(0) & 0xf)).replace(/\u066B/g, '.'),
);

function phone(withCountryCode: boolean, w: LeadFormWords = ENGLISH) {
  const example = withCountryCode ? w.phoneExample : '+91 80 1234 5678';
  return v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(withCountryCode ? w.phoneEmpty : 'Enter your phone number'),
    westernDigits,
    v.regex(/^[\d\s+()-]+$/, w.phoneCharacters),
    v.check((value) => value.lastIndexOf('+') <= 0, w.phonePlus),
    v.minLength(7, say(w.phoneShort, { example })),
    v.maxLength(20, w.phoneTooLong),
    v.check((value) => digitCount(value) >= 7, say(w.phoneDigits, { example })),
    v.check((value) => !withCountryCode || /^\+[1-9]/.test(value), say(w.phoneCountryCode, { example })),
  );
}

function choice(options: readonly Option[], message: string) {
  return v.picklist(options.map(optionValue), message);
}

/**
 * A country from the list: its ISO 3166-1 alpha-2 code, whatever the page's language (the names
 * are only the options' labels). A lower-case code is taken as the same code.
 */
function countryRule(w: LeadFormWords = ENGLISH) {
  return v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(w.countryEmpty),
    v.toUpperCase(),
    v.check((value: string) => isCountryCode(value), w.countryChoice),
  );
}

/** The country as a choice from the list (English names here; site-forms.ts names them in the page's language). */
function countryField(w: LeadFormWords): FieldDef {
  return { label: w.countryLabel, kind: 'select', options: countryOptions('en'), autoComplete: 'country', placeholder: w.countryPlaceholder };
}

function productChoice(products: readonly string[], w: LeadFormWords = ENGLISH) {
  return v.pipe(v.array(v.picklist(products, w.productsFromList)), v.minLength(1, w.productsNone));
}

function quantityRule(w: LeadFormWords) {
  return v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(w.quantityEmpty),
    westernDigits,
    v.regex(/^\d{1,9}(?:[.,]\d{1,3})?$/, w.quantityFormat),
    v.transform((value) => value.replace(',', '.')),
    v.check((value) => Number(value) > 0, w.quantityPositive),
    v.check((value) => Number(value) <= 1_000_000, w.quantityMax),
  );
}

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

const PHONE_HINT = LEAD_FORM_WORDS.phoneHint;

function contactForm(products: readonly string[], w: LeadFormWords): FormDef {
  const units = [
    { value: 'kg', label: w.unitKg },
    { value: 'metric tons', label: w.unitTons },
    { value: 'units', label: w.unitUnits },
  ] as const;
  const incoterms = [
    { value: 'EXW', label: w.incotermEXW },
    { value: 'FOB', label: w.incotermFOB },
    { value: 'CFR', label: w.incotermCFR },
    { value: 'CIF', label: w.incotermCIF },
    { value: 'CPT', label: w.incotermCPT },
    { value: 'CIP', label: w.incotermCIP },
    { value: 'DAP', label: w.incotermDAP },
    { value: 'DDP', label: w.incotermDDP },
    // The contact page invites buyers who are unsure to say so; we then quote more than one term.
    { value: 'Not sure', label: w.incotermNotSure },
  ] as const;
  return {
    collection: 'contactEnquiries',
    title: w.contactTitle,
    formName: w.contactFormName,
    submitLabel: w.contactSubmit,
    nextSteps: w.contactNextSteps,
    words: w,
    fields: {
      name: { label: w.nameLabel, kind: 'text', autoComplete: 'name' },
      company: { label: w.companyLabel, kind: 'text', autoComplete: 'organization' },
      email: { label: w.emailLabel, kind: 'email', autoComplete: 'email' },
      phone: { label: w.phoneLabel, kind: 'tel', autoComplete: 'tel', hint: w.phoneHint },
      country: countryField(w),
      products: { label: w.contactProductsLabel, kind: 'checkboxes', options: products, hint: w.productsHint },
      quantity: { label: w.quantityLabel, kind: 'number', hint: w.quantityHint },
      unit: { label: w.unitLabel, kind: 'select', options: units, placeholder: w.unitPlaceholder },
      destination: { label: w.destinationLabel, kind: 'text', hint: w.destinationHint },
      incoterm: { label: w.incotermLabel, kind: 'select', options: incoterms },
      message: { label: w.messageLabel, kind: 'textarea', hint: w.messageHint },
    },
    schema: v.object({
      name: text(w.nameEmpty, w.nameWhat, 100, w),
      company: text(w.companyEmpty, w.companyWhat, 200, w),
      email: emailRule(w),
      phone: phone(true, w),
      country: countryRule(w),
      products: productChoice(products, w),
      quantity: quantityRule(w),
      unit: choice(QUANTITY_UNITS, w.unitChoice),
      destination: text(w.destinationEmpty, w.destinationWhat, 200, w),
      incoterm: choice(INCOTERMS, w.incotermChoice),
      message: longText(w.messageEmpty, w.messageWhat, MESSAGE_MIN, MESSAGE_MAX, w),
      language: languageCode,
    }),
  };
}

function sampleForm(products: readonly string[], w: LeadFormWords): FormDef {
  return {
    collection: 'sampleRequests',
    title: w.sampleTitle,
    formName: w.sampleFormName,
    submitLabel: w.sampleSubmit,
    nextSteps: w.sampleNextSteps,
    words: w,
    fields: {
      company: { label: w.companyLabel, kind: 'text', autoComplete: 'organization' },
      contactPerson: { label: w.contactPersonLabel, kind: 'text', autoComplete: 'name' },
      email: { label: w.emailLabel, kind: 'email', autoComplete: 'email' },
      phone: { label: w.phoneLabel, kind: 'tel', autoComplete: 'tel', hint: w.phoneHint },
      products: { label: w.sampleProductsLabel, kind: 'checkboxes', options: products, hint: w.productsHint },
      sampleSize: { label: w.sampleSizeLabel, kind: 'select', options: SAMPLE_SIZES, hint: w.sampleSizeHint },
      address: { label: w.addressLabel, kind: 'textarea', autoComplete: 'street-address', hint: w.addressHint },
      country: countryField(w),
      application: { label: w.applicationLabel, kind: 'text', hint: w.applicationHint },
    },
    schema: v.object({
      company: text(w.companyEmpty, w.companyWhat, 200, w),
      contactPerson: text(w.contactPersonEmpty, w.contactPersonWhat, 100, w),
      email: emailRule(w),
      phone: phone(true, w),
      products: productChoice(products, w),
      sampleSize: choice(SAMPLE_SIZES, w.sampleSizeChoice),
      address: longText(w.addressEmpty, w.addressWhat, 10, 500, w),
      country: countryRule(w),
      application: text(w.applicationEmpty, w.applicationWhat, 300, w),
      language: languageCode,
    }),
  };
}

const CAREERS_FORM: FormDef = {
  collection: 'jobApplications',
  title: 'job application',
  formName: 'Job application form',
  words: ENGLISH,
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
  formName: 'Partnership application form',
  words: ENGLISH,
  submitLabel: 'Send partnership application',
  nextSteps: 'Our partnerships team reviews your application and contacts you to discuss volumes, terms and the next steps.',
  fields: {
    company: { label: 'Company', kind: 'text', autoComplete: 'organization' },
    contactPerson: { label: 'Contact person', kind: 'text', autoComplete: 'name' },
    email: { label: 'E-mail', kind: 'email', autoComplete: 'email' },
    phone: { label: 'Phone', kind: 'tel', autoComplete: 'tel', hint: PHONE_HINT },
    partnershipType: { label: 'Partnership type', kind: 'select', options: PARTNERSHIP_TYPES },
    country: countryField(ENGLISH),
    message: { label: 'Message', kind: 'textarea', hint: 'Your markets, customers and the volumes you expect (20 to 2,000 characters).' },
  },
  schema: v.object({
    company: text('Enter your company name', 'the company name'),
    contactPerson: text('Enter the name of the contact person', 'the name', 100),
    email,
    phone: phone(true),
    partnershipType: choice(PARTNERSHIP_TYPES, 'Choose the type of partnership'),
    country: countryRule(),
    message: longText('Tell us about your business and the partnership you have in mind', 'your message'),
  }),
};

const INVESTMENT_FORM: FormDef = {
  collection: 'investorInterests',
  title: 'investor interest',
  formName: 'Investor interest form',
  words: ENGLISH,
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

/**
 * The five forms, offering `products` (the site configuration's list) where a buyer chooses
 * products; the contact and sample request forms in `words` (content/ui/<code>.yaml's
 * `leadForms`, English when not given). The other three are published in English only.
 */
export function leadForms(products: readonly string[], words: LeadFormWords = ENGLISH): LeadForms {
  return {
    contactEnquiries: contactForm(products, words),
    sampleRequests: sampleForm(products, words),
    jobApplications: CAREERS_FORM,
    partnershipApplications: PARTNERSHIP_FORM,
    investorInterests: INVESTMENT_FORM,
  };
}

// The forms' names, labels and field order do not depend on the products, so these need no list.
const SHAPES = leadForms([]);

/** The label of a stored field, for the fallback text (and any reader of stored records). */
export function fieldLabel(collection: Collection, key: string): string {
  if (key === 'language') return ENGLISH.languageLabel;
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
  // The schema's keys: the fields, and `language` where the form records it.
  for (const name of Object.keys(def.schema.entries)) {
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
