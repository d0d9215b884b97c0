/**
 * The five lead forms as data: each field's label, hint and kind, and the valibot schema that
 * checks and trims what was typed. The form components, the e-mail/WhatsApp fallback text, the
 * server's check of a submission and the tests all read these definitions, so a rule is written
 * once. Every word of them (labels, hints, messages) is content/ui/<code>.yaml's `leadForms`, with
 * the figures of content/facts.yaml filled in, which the caller passes: the browser the page's
 * language, the server the site's first (src/build/content/load.ts, loadLeadFormWords). The products
 * buyers can choose are the site configuration's (content/site.yaml, `products`), passed the same way.
 */
import * as v from 'valibot';
import type { Collection, Fields } from '@/shared/domain/records';
import { countryOptions, isCountryCode } from '@/shared/domain/countries';
import { isEmailAddress } from '@/shared/domain/email-address';
import { fill } from '@/shared/i18n/fill';
import { LEAD_FORM_WORD_KEYS, type LeadFormWords } from './lead-form-words';

const SAMPLE_SIZES = ['50 g', '75 g', '100 g'] as const;
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
   * A select's empty first option (the words' `unitPlaceholder`; `chooseOne` when none). Every select
   * starts on it, so a required one is answered only by a choice the visitor made.
   */
  placeholder?: string;
}

/** A field as a form asks it: what the visitor sees, and the rule the answer must meet. */
type Ask = FieldDef & { rule: v.GenericSchema };

export interface FormDef {
  collection: Collection;
  /** Names the submission in e-mail subjects and the confirmation (the words' `contactTitle`, …). */
  title: string;
  /** The form's accessible name (the words' `contactFormName`, …). */
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

// ------------------------------------------------------------------ the words

export { LEAD_FORM_WORD_KEYS, type LeadFormWordKey, type LeadFormWords } from './lead-form-words';

/** A page's language code, as the contact and sample forms record it (`language`, absent for the default language). */
function languageCode(w: LeadFormWords) {
  return v.optional(v.pipe(v.string(), v.regex(/^[a-z]{2,3}$/, w.languageCode)));
}

// ------------------------------------------------------------------ field rules

const MESSAGE_MIN = 20;
const MESSAGE_MAX = 2000;

const grouped = (n: number, w: LeadFormWords) => n.toLocaleString(w.numberFormat);

function text(w: LeadFormWords, emptyMessage: string, what: string, max = 200) {
  return v.pipe(v.string(), v.trim(), v.nonEmpty(emptyMessage), v.maxLength(max, fill(w.tooLong, { what, max: grouped(max, w) })));
}

function optionalText(w: LeadFormWords, what: string, max = 200) {
  return v.pipe(v.string(), v.trim(), v.maxLength(max, fill(w.tooLong, { what, max: grouped(max, w) })));
}

function longText(w: LeadFormWords, emptyMessage: string, what: string, min = MESSAGE_MIN, max = MESSAGE_MAX) {
  return v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(emptyMessage),
    v.minLength(min, (issue) => fill(w.tooShort, { min, what, count: issue.received })),
    v.maxLength(max, (issue) => fill(w.tooLongCount, { what, max: grouped(max, w), count: grouped(Number(issue.received), w) })),
  );
}

function emailRule(w: LeadFormWords) {
  return v.pipe(v.string(), v.trim(), v.nonEmpty(w.emailEmpty), v.maxLength(254, w.emailTooLong), v.check(isEmailAddress, w.emailFormat));
}

const digitCount = (value: string) => value.replace(/\D/g, '').length;

/**
 * Arabic-Indic (٠-٩) and Persian (۰-۹) digits and the Arabic decimal separator as Western digits
 * and a point: a Gulf buyer's keyboard may type them, and the site stores numbers in Western digits.
 */
const westernDigits = v.transform((value: string) =>
  value.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => String(digit.charCodeAt(0) & 0xf)).replace(/\u066B/g, '.'),
);

/** A phone number; the careers form's may leave out the country code (most applicants live in India). */
function phone(w: LeadFormWords, withCountryCode: boolean) {
  const example = withCountryCode ? w.phoneExample : w.jobPhoneExample;
  return v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(withCountryCode ? w.phoneEmpty : w.jobPhoneEmpty),
    westernDigits,
    v.regex(/^[\d\s+()-]+$/, w.phoneCharacters),
    v.check((value) => value.lastIndexOf('+') <= 0, w.phonePlus),
    v.minLength(7, fill(w.phoneShort, { example })),
    v.maxLength(20, w.phoneTooLong),
    v.check((value) => digitCount(value) >= 7, fill(w.phoneDigits, { example })),
    v.check((value) => !withCountryCode || /^\+[1-9]/.test(value), fill(w.phoneCountryCode, { example })),
  );
}

function choice(options: readonly Option[], message: string) {
  return v.picklist(options.map(optionValue), message);
}

/**
 * A country from the list: its ISO 3166-1 alpha-2 code, whatever the page's language (the names
 * are only the options' labels). A lower-case code is taken as the same code.
 */
function countryRule(w: LeadFormWords) {
  return v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(w.countryEmpty),
    v.toUpperCase(),
    v.check((value: string) => isCountryCode(value), w.countryChoice),
  );
}

/** The country as a choice from the list (English names here; site-forms.ts names them in the page's language). */
function countryField(w: LeadFormWords): Ask {
  return {
    label: w.countryLabel,
    kind: 'select',
    options: countryOptions('en'),
    autoComplete: 'country',
    placeholder: w.countryPlaceholder,
    rule: countryRule(w),
  };
}

// The fields more than one form asks, asked alike. A phone number without its country code is
// taken only on the careers form (most applicants live in India).
const emailField = (w: LeadFormWords): Ask => ({ label: w.emailLabel, kind: 'email', autoComplete: 'email', rule: emailRule(w) });
const phoneField = (w: LeadFormWords, withCountryCode: boolean): Ask => ({
  label: w.phoneLabel,
  kind: 'tel',
  autoComplete: 'tel',
  hint: withCountryCode ? w.phoneHint : w.jobPhoneHint,
  rule: phone(w, withCountryCode),
});
const companyField = (w: LeadFormWords): Ask => ({
  label: w.companyLabel,
  kind: 'text',
  autoComplete: 'organization',
  rule: text(w, w.companyEmpty, w.companyWhat, 200),
});
const contactPersonField = (w: LeadFormWords): Ask => ({
  label: w.contactPersonLabel,
  kind: 'text',
  autoComplete: 'name',
  rule: text(w, w.contactPersonEmpty, w.contactPersonWhat, 100),
});
/** A visitor's name; the careers form asks for the full name in its own words. */
const nameField = (w: LeadFormWords, label: string, emptyMessage: string): Ask => ({
  label,
  kind: 'text',
  autoComplete: 'name',
  rule: text(w, emptyMessage, w.nameWhat, 100),
});
/** A free message (MESSAGE_MIN to MESSAGE_MAX characters); each form hints at what to write in its own words. */
const messageField = (w: LeadFormWords, hint: string, emptyMessage: string): Ask => ({
  label: w.messageLabel,
  kind: 'textarea',
  hint,
  rule: longText(w, emptyMessage, w.messageWhat),
});

function productChoice(products: readonly string[], w: LeadFormWords) {
  return v.pipe(v.array(v.picklist(products, w.productsFromList)), v.minLength(1, w.productsNone));
}

/** The products as boxes to tick, on the contact and sample forms, each of which words its own label. */
const productsField = (products: readonly string[], w: LeadFormWords, label: string): Ask => ({
  label,
  kind: 'checkboxes',
  options: products,
  hint: w.productsHint,
  rule: productChoice(products, w),
});

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

function experienceRule(w: LeadFormWords) {
  return v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(w.experienceEmpty),
    v.regex(/^\d+$/, w.experienceFormat),
    v.check((value) => Number(value) <= 50, w.experienceMax),
    v.transform((value) => String(Number(value))),
  );
}

function cvLink(w: LeadFormWords) {
  return v.pipe(v.string(), v.trim(), v.nonEmpty(w.cvEmpty), v.maxLength(500, w.cvTooLong), v.url(w.cvFormat), v.regex(/^https:\/\//i, w.cvSecure));
}

// ------------------------------------------------------------------ the five forms

/** What a form is besides its fields: its collection and the words around them. */
type Frame = Omit<FormDef, 'fields' | 'schema'>;

/**
 * A form from its frame and its fields in order, each field's rule beside its label: the schema
 * is made from the same entries (and `extra`, what a form records without asking), so no field
 * has its rule written in another place.
 */
function form(framing: Frame, asks: Record<string, Ask>, extra: v.ObjectEntries = {}): FormDef {
  const fields: Record<string, FieldDef> = {};
  const rules: v.ObjectEntries = {};
  for (const [name, { rule, ...field }] of Object.entries(asks)) {
    fields[name] = field;
    rules[name] = rule;
  }
  return { ...framing, fields, schema: v.object({ ...rules, ...extra }) };
}

/** The start of the names of a form's own words: `contactTitle`, `sampleTitle`, … */
type FormPrefix = 'contact' | 'sample' | 'job' | 'partnership' | 'investor';

/**
 * A form's frame: the collection it records into, and its title, accessible name, submit label and
 * next steps, which the words name alike for every form (`<prefix>Title`, `<prefix>FormName`,
 * `<prefix>Submit`, `<prefix>NextSteps`); a prefix that lacks one of them does not compile.
 */
function frame(collection: Collection, prefix: FormPrefix, w: LeadFormWords): Frame {
  return {
    collection,
    title: w[`${prefix}Title`],
    formName: w[`${prefix}FormName`],
    submitLabel: w[`${prefix}Submit`],
    nextSteps: w[`${prefix}NextSteps`],
    words: w,
  };
}

/** A choice stored as `value` whatever the page's language, shown as the words' `label`. */
const labelled = (value: string, label: string) => ({ value, label }) as const;

/** A choice from `options`, with the words' message for an answer that is not one of them. */
const select = (label: string, options: readonly Option[], message: string, more: Partial<FieldDef> = {}): Ask => ({
  label,
  kind: 'select',
  options,
  ...more,
  rule: choice(options, message),
});

function contactForm(products: readonly string[], w: LeadFormWords): FormDef {
  const units = [labelled('kg', w.unitKg), labelled('metric tons', w.unitTons), labelled('units', w.unitUnits)];
  const incoterms = [
    labelled('EXW', w.incotermEXW),
    labelled('FOB', w.incotermFOB),
    labelled('CFR', w.incotermCFR),
    labelled('CIF', w.incotermCIF),
    labelled('CPT', w.incotermCPT),
    labelled('CIP', w.incotermCIP),
    labelled('DAP', w.incotermDAP),
    labelled('DDP', w.incotermDDP),
    // The contact page invites buyers who are unsure to say so; we then quote more than one term.
    labelled('Not sure', w.incotermNotSure),
  ];
  return form(
    frame('contactEnquiries', 'contact', w),
    {
      name: nameField(w, w.nameLabel, w.nameEmpty),
      company: companyField(w),
      email: emailField(w),
      phone: phoneField(w, true),
      country: countryField(w),
      products: productsField(products, w, w.contactProductsLabel),
      quantity: { label: w.quantityLabel, kind: 'number', hint: w.quantityHint, rule: quantityRule(w) },
      unit: select(w.unitLabel, units, w.unitChoice, { placeholder: w.unitPlaceholder }),
      destination: { label: w.destinationLabel, kind: 'text', hint: w.destinationHint, rule: text(w, w.destinationEmpty, w.destinationWhat, 200) },
      incoterm: select(w.incotermLabel, incoterms, w.incotermChoice),
      message: messageField(w, w.messageHint, w.messageEmpty),
    },
    { language: languageCode(w) },
  );
}

function sampleForm(products: readonly string[], w: LeadFormWords): FormDef {
  return form(
    frame('sampleRequests', 'sample', w),
    {
      company: companyField(w),
      contactPerson: contactPersonField(w),
      email: emailField(w),
      phone: phoneField(w, true),
      products: productsField(products, w, w.sampleProductsLabel),
      sampleSize: select(w.sampleSizeLabel, SAMPLE_SIZES, w.sampleSizeChoice, { hint: w.sampleSizeHint }),
      address: {
        label: w.addressLabel,
        kind: 'textarea',
        autoComplete: 'street-address',
        hint: w.addressHint,
        rule: longText(w, w.addressEmpty, w.addressWhat, 10, 500),
      },
      country: countryField(w),
      application: { label: w.applicationLabel, kind: 'text', hint: w.applicationHint, rule: text(w, w.applicationEmpty, w.applicationWhat, 300) },
    },
    { language: languageCode(w) },
  );
}

function careersForm(w: LeadFormWords): FormDef {
  const positions = [
    labelled('Export Sales Executive', w.positionExport),
    labelled('Quality Assurance Executive', w.positionQuality),
    labelled('Production Supervisor', w.positionProduction),
    labelled('Logistics and Export Documentation Coordinator', w.positionLogistics),
    labelled('Other', w.positionOther),
  ];
  return form(frame('jobApplications', 'job', w), {
    name: nameField(w, w.fullNameLabel, w.fullNameEmpty),
    email: emailField(w),
    phone: phoneField(w, false),
    position: select(w.positionLabel, positions, w.positionChoice),
    experience: { label: w.experienceLabel, kind: 'number', hint: w.experienceHint, rule: experienceRule(w) },
    location: {
      label: w.locationLabel,
      kind: 'text',
      autoComplete: 'address-level2',
      hint: w.locationHint,
      rule: text(w, w.locationEmpty, w.locationWhat, 100),
    },
    cvUrl: { label: w.cvLabel, kind: 'url', autoComplete: 'url', hint: w.cvHint, rule: cvLink(w) },
    coverLetter: { label: w.coverLetterLabel, kind: 'textarea', hint: w.coverLetterHint, rule: longText(w, w.coverLetterEmpty, w.coverLetterWhat) },
  });
}

function partnershipForm(w: LeadFormWords): FormDef {
  const types = [
    labelled('Distributor', w.partnershipDistributor),
    labelled('Private label', w.partnershipPrivateLabel),
    labelled('Co-manufacturing', w.partnershipCoManufacturing),
    labelled('Logistics or agency partner', w.partnershipAgency),
    labelled('Farmer-producer organisation', w.partnershipProducers),
  ];
  return form(frame('partnershipApplications', 'partnership', w), {
    company: companyField(w),
    contactPerson: contactPersonField(w),
    email: emailField(w),
    phone: phoneField(w, true),
    partnershipType: select(w.partnershipTypeLabel, types, w.partnershipTypeChoice),
    country: countryField(w),
    message: messageField(w, w.partnershipMessageHint, w.partnershipMessageEmpty),
  });
}

function investmentForm(w: LeadFormWords): FormDef {
  const investorTypes = [
    labelled('Angel investor', w.investorAngel),
    labelled('Venture capital', w.investorVenture),
    labelled('Family office', w.investorFamilyOffice),
    labelled('Strategic/corporate', w.investorStrategic),
    labelled('Other', w.investorOther),
  ];
  const ticketSizes = [
    labelled('Under USD 50,000', w.ticketUnder50k),
    labelled('USD 50,000-250,000', w.ticket50kTo250k),
    labelled('USD 250,000-1,000,000', w.ticket250kTo1m),
    labelled('Over USD 1,000,000', w.ticketOver1m),
  ];
  return form(frame('investorInterests', 'investor', w), {
    name: nameField(w, w.nameLabel, w.nameEmpty),
    email: emailField(w),
    organisation: {
      label: w.organisationLabel,
      kind: 'text',
      autoComplete: 'organization',
      optional: true,
      hint: w.organisationHint,
      rule: optionalText(w, w.organisationWhat),
    },
    investorType: select(w.investorTypeLabel, investorTypes, w.investorTypeChoice),
    ticketSize: select(w.ticketSizeLabel, ticketSizes, w.ticketSizeChoice),
    message: messageField(w, w.investorMessageHint, w.investorMessageEmpty),
  });
}

export type LeadForms = Readonly<Record<Collection, FormDef>>;

/**
 * The five forms in `words` (content/ui/<code>.yaml's `leadForms`), offering `products` (the site
 * configuration's list) where a buyer chooses products. The site publishes the job, partnership
 * and investor forms in English only.
 */
export function leadForms(products: readonly string[], words: LeadFormWords): LeadForms {
  return {
    contactEnquiries: contactForm(products, words),
    sampleRequests: sampleForm(products, words),
    jobApplications: careersForm(words),
    partnershipApplications: partnershipForm(words),
    investorInterests: investmentForm(words),
  };
}

/**
 * The forms' shape (field names, order, kinds), which depends neither on the products nor on the
 * language: built with each word standing for its own key ('en' only so figures can be written).
 */
const SHAPES = leadForms([], { ...Object.fromEntries(LEAD_FORM_WORD_KEYS.map((key) => [key, key])), numberFormat: 'en' } as LeadFormWords);

/** The label of a stored field in a form's words (the fallback text, the team's e-mail); the key for one the form does not have. */
export function fieldLabel(def: FormDef, key: string): string {
  if (key === 'language') return def.words.languageLabel;
  return def.fields[key]?.label ?? key;
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
