/** The lead form schemas: valid input passes (trimmed), and each rule gives its own message. */
import fs from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { site } from '@/shared/site';
import { COLLECTIONS } from './records';
import { COUNTRY_CODES } from './countries';
import {
  type FormDef,
  type FormValues,
  type LeadForms,
  fieldLabel,
  fieldNames,
  initialValues,
  leadForms,
  optionLabel,
  optionValue,
  validateField,
  validateForm,
} from './lead-forms';
import { ENGLISH_WORDS } from '../../../tests/support/lead-form-words';
import { eachReturnsSame } from '../../../tests/support/each-returns';

// The forms as the site offers them, with the products of content/site.yaml. Built before each
// test rather than once as the file loads, so each test checks what leadForms builds while it
// runs: mutation testing (see the README) learns which tests reach a rule from what runs in them.
let FORMS: LeadForms;
let CONTACT_FORM: FormDef;
let SAMPLE_FORM: FormDef;
let CAREERS_FORM: FormDef;
let PARTNERSHIP_FORM: FormDef;
beforeEach(() => {
  FORMS = leadForms(site.products, ENGLISH_WORDS);
  ({ contactEnquiries: CONTACT_FORM, sampleRequests: SAMPLE_FORM, jobApplications: CAREERS_FORM, partnershipApplications: PARTNERSHIP_FORM } = FORMS);
});

const VALID: Record<string, FormValues> = {
  contactEnquiries: {
    name: 'Asha Rao',
    company: 'Spice Foods GmbH',
    email: 'asha@spicefoods.example',
    phone: '+49 30 1234567',
    country: 'DE',
    products: ['Garlic Powder', 'Garlic Oil'],
    quantity: '5',
    unit: 'metric tons',
    destination: 'Hamburg, Germany',
    incoterm: 'CIF',
    message: 'Garlic powder 80-120 mesh in 25 kg bags, monthly shipments.',
  },
  sampleRequests: {
    company: 'Nutra Labs',
    contactPerson: 'Ben Ortiz',
    email: 'ben@nutralabs.example',
    phone: '+1 (212) 555-0188',
    products: ['Aged Garlic Extract'],
    sampleSize: '100 g',
    address: '12 Harbor Road, Newark, NJ 07102, USA',
    country: 'US',
    application: 'Dietary supplement capsules',
  },
  jobApplications: {
    name: 'Chitra Nair',
    email: 'chitra@example.com',
    phone: '98450 12345',
    position: 'Quality Assurance Executive',
    experience: '4',
    location: 'Bengaluru, India',
    cvUrl: 'https://drive.example.com/chitra-cv.pdf',
    coverLetter: 'I have four years of QA experience in spice processing plants.',
  },
  partnershipApplications: {
    company: 'Gulf Trading LLC',
    contactPerson: 'Omar Haddad',
    email: 'omar@gulftrading.example',
    phone: '+971 4 123 4567',
    partnershipType: 'Distributor',
    country: 'AE',
    message: 'We distribute dehydrated vegetables to food manufacturers across the GCC.',
  },
  investorInterests: {
    name: 'Dana Lee',
    email: 'dana@fund.example',
    organisation: '',
    investorType: 'Family office',
    ticketSize: 'USD 250,000-1,000,000',
    message: 'Interested in the capacity expansion described in the business plan.',
  },
};

const errorsOf = (def: FormDef, values: FormValues) => {
  const result = validateForm(def, values);
  return result.ok ? {} : result.errors;
};
const withField = (def: FormDef, name: string, value: string | string[]) => errorsOf(def, { ...VALID[def.collection], [name]: value })[name];

describe('every form', () => {
  for (const collection of COLLECTIONS) {
    it(`${collection}: accepts valid input and keeps every field`, () => {
      const def = FORMS[collection];
      const result = validateForm(def, VALID[def.collection] ?? {});
      expect(result).toEqual({ ok: true, fields: VALID[def.collection] });
    });

    it(`${collection}: an empty form names every required field, in order`, () => {
      const def = FORMS[collection];
      const errors = errorsOf(def, initialValues(def));
      const required = Object.entries(def.fields).filter(([name, field]) => !field.optional && name);
      expect(Object.keys(errors)).toEqual(required.map(([name]) => name));
      for (const message of Object.values(errors)) expect(message).toMatch(/^[A-Z].{10,}/);
    });

    it(`${collection}: trims what was typed`, () => {
      const def = FORMS[collection];
      const values = Object.fromEntries(Object.entries(VALID[def.collection] ?? {}).map(([k, v]) => [k, typeof v === 'string' && v ? `  ${v}  ` : v]));
      // Selects never carry spaces; only text entries are padded here.
      for (const [name, field] of Object.entries(def.fields)) if (field.kind === 'select') values[name] = VALID[def.collection]?.[name] ?? '';
      expect(validateForm(def, values)).toEqual({ ok: true, fields: VALID[def.collection] });
    });

    it(`${collection}: every field has a label`, () => {
      const def = FORMS[collection];
      for (const field of Object.values(def.fields)) expect(field.label).toMatch(/^\S.{2,}/);
      for (const name of Object.keys(def.fields)) expect(fieldLabel(def, name)).not.toBe(name);
    });
  }

  it('drops keys that are not fields, such as the honeypot', () => {
    // Accepted (a form that rejects an unknown key would refuse every filled-in honeypot), with the
    // fields alone.
    const result = validateForm(CONTACT_FORM, { ...VALID.contactEnquiries, website: 'spam' });
    expect(result).toEqual({ ok: true, fields: VALID.contactEnquiries });
  });
});

describe('required-field messages', () => {
  it.each([
    ['contactEnquiries', 'name', 'Enter your name'],
    ['contactEnquiries', 'company', 'Enter your company name'],
    ['contactEnquiries', 'email', 'Enter your e-mail address'],
    ['contactEnquiries', 'phone', 'Enter your phone number with the country code'],
    ['contactEnquiries', 'country', 'Choose your country'],
    ['sampleRequests', 'country', 'Choose your country'],
    ['partnershipApplications', 'country', 'Choose your country'],
    ['contactEnquiries', 'quantity', 'Enter the quantity you need'],
    ['contactEnquiries', 'destination', 'Enter the destination port or country'],
    ['contactEnquiries', 'incoterm', 'Choose an Incoterm, or "Not sure yet" if you want us to advise'],
    ['contactEnquiries', 'message', 'Write a short message about your requirement'],
    ['sampleRequests', 'contactPerson', 'Enter the name of the contact person'],
    ['sampleRequests', 'sampleSize', 'Choose a sample size: 50 g, 75 g or 100 g'],
    ['sampleRequests', 'address', 'Enter the delivery address for the courier'],
    ['sampleRequests', 'application', 'Tell us what you will use the samples for'],
    ['jobApplications', 'phone', 'Enter your phone number'],
    ['jobApplications', 'position', 'Choose the position you are applying for'],
    ['jobApplications', 'experience', 'Enter your years of experience (0 if you are starting out)'],
    ['jobApplications', 'location', 'Enter the city and country where you live'],
    ['jobApplications', 'cvUrl', 'Add a link to your CV'],
    ['jobApplications', 'coverLetter', 'Write a short cover letter'],
    ['partnershipApplications', 'partnershipType', 'Choose the type of partnership'],
    ['partnershipApplications', 'message', 'Tell us about your business and the partnership you have in mind'],
    ['investorInterests', 'investorType', 'Choose the type of investor you are'],
    ['investorInterests', 'ticketSize', 'Choose the ticket size you have in mind'],
  ] as const)('%s.%s', (collection, name, message) => {
    expect(withField(FORMS[collection], name, '   ')).toBe(message);
  });
});

describe('e-mail', () => {
  eachReturnsSame(
    'rejects %s',
    (value) => withField(CONTACT_FORM, 'email', value),
    ['name@company', 'name.company.com', 'name@', '@company.com', 'na me@company.com'],
    'Enter an e-mail address like name@company.com',
  );
  it('accepts a plain address', () => {
    expect(withField(CONTACT_FORM, 'email', 'first.last+quotes@mail.company.co.uk')).toBeUndefined();
  });
});

describe('phone', () => {
  eachReturnsSame(
    'accepts %s with country code',
    (value) => withField(CONTACT_FORM, 'phone', value),
    ['+49 30 1234567', '+1 (212) 555-0188', '+91-80-12345678', '+971 4 123 4567'],
    undefined,
  );
});

describe('numbers', () => {
  it('stores a quantity with a decimal comma as a number with a point', () => {
    const result = validateForm(CONTACT_FORM, { ...VALID.contactEnquiries, quantity: ' 2,5 ' });
    expect(result.ok && result.fields.quantity).toBe('2.5');
  });
  it('stores years of experience without a leading 0', () => {
    const result = validateForm(CAREERS_FORM, { ...VALID.jobApplications, experience: '07' });
    expect(result.ok && result.fields.experience).toBe('7');
  });
  it('takes only the listed units', () => {
    expect(withField(CONTACT_FORM, 'unit', 'pounds')).toBe('Choose the unit: kg, metric tons or units');
  });
});

describe('the messages of each field', () => {
  it.each<[keyof LeadForms, string, string | string[], string | undefined]>([
    // Asks for at least one product.
    ['contactEnquiries', 'products', [], 'Choose at least one product'],
    ['sampleRequests', 'products', [], 'Choose at least one product'],
    ['contactEnquiries', 'products', ['Garlic Bread'], 'Choose products from the list'],
    // Leaves the organisation optional.
    ['investorInterests', 'organisation', '', undefined],
    ['investorInterests', 'organisation', 'x'.repeat(201), 'Shorten the organisation name to 200 characters or fewer'],
    // Requires + and the country code where asked.
    ['contactEnquiries', 'phone', '030 1234567', 'Start with + and the country code, like +49 30 1234567'],
    ['partnershipApplications', 'phone', '+0 30 1234567', 'Start with + and the country code, like +49 30 1234567'],
    ['sampleRequests', 'phone', '030 1234567', 'Start with + and the country code, like +49 30 1234567'],
    ['jobApplications', 'phone', '98450 12345', undefined],
    // Allows only digits, spaces, +, - and brackets.
    ['contactEnquiries', 'phone', '+49 30 123 4567 ext. 2', 'Use only digits, spaces, +, - and brackets in the phone number'],
    ['contactEnquiries', 'phone', '+49 30+1234567', 'Put the + only at the start, before the country code'],
    // Checks the length and the number of digits.
    ['contactEnquiries', 'phone', '+49 30', 'Enter the full phone number, like +49 30 1234567'],
    ['contactEnquiries', 'phone', '+49 30 1234 5678 9012 34', 'Enter a phone number of 20 characters or fewer'],
    ['contactEnquiries', 'phone', '+(49) - ( 3 )', 'Enter the full phone number, with at least 7 digits, like +49 30 1234567'],
    // Takes a positive quantity up to 1,000,000, with a decimal point or comma.
    ['contactEnquiries', 'quantity', 'five', 'Enter the quantity as a number, like 5 or 2.5'],
    ['contactEnquiries', 'quantity', '-3', 'Enter the quantity as a number, like 5 or 2.5'],
    ['contactEnquiries', 'quantity', '0', 'Enter a quantity greater than 0'],
    ['contactEnquiries', 'quantity', '1000001', 'Enter a quantity of 1,000,000 or less'],
    // Takes 0 to 50 whole years of experience.
    ['jobApplications', 'experience', '0', undefined],
    ['jobApplications', 'experience', '50', undefined],
    ['jobApplications', 'experience', '51', 'Enter a number of years from 0 to 50'],
    ['jobApplications', 'experience', '2.5', 'Enter your years of experience as a whole number, like 4'],
    ['jobApplications', 'experience', '-1', 'Enter your years of experience as a whole number, like 4'],
    // Must be a full https link.
    ['jobApplications', 'cvUrl', 'drive.example.com/cv.pdf', 'Enter the full link to your CV, like https://drive.example.com/my-cv.pdf'],
    ['jobApplications', 'cvUrl', 'http://drive.example.com/cv.pdf', 'Use a secure link that starts with https://'],
    ['jobApplications', 'cvUrl', 'javascript:alert(1)', 'Use a secure link that starts with https://'],
    // Is 20 to 2,000 characters, counted after trimming.
    ['contactEnquiries', 'message', '  Too short.  ', 'Write at least 20 characters in your message, so we know what you need (it has 10 now)'],
    ['jobApplications', 'coverLetter', 'x'.repeat(2001), 'Shorten your cover letter to 2,000 characters or fewer (it has 2,001 now)'],
    ['investorInterests', 'message', 'x'.repeat(2000), undefined],
    ['sampleRequests', 'address', 'Berlin', 'Write at least 10 characters in the address, so we know what you need (it has 6 now)'],
  ])('%s.%s gives %s', (collection, name, value, message) => {
    expect(withField(FORMS[collection], name, value)).toBe(message);
  });
});

describe('the country', () => {
  it('is a code from the list on every form that asks for it: a lower-case code is the same code; a name or an unknown code is refused', () => {
    for (const def of [CONTACT_FORM, SAMPLE_FORM, PARTNERSHIP_FORM]) {
      expect(validateForm(def, { ...VALID[def.collection], country: 'ae' })).toMatchObject({ ok: true, fields: { country: 'AE' } });
      for (const wrong of ['Germany', 'XX', 'DEU', 'D E']) expect(withField(def, 'country', wrong), wrong).toBe('Choose your country from the list');
    }
  });

  it('is offered by its English name, in English order, starting on "Choose a country"', () => {
    const field = CONTACT_FORM.fields.country;
    expect(field?.placeholder).toBe('Choose a country');
    expect(field?.options?.find((option) => optionValue(option) === 'DE')).toEqual({ value: 'DE', label: 'Germany' });
    const labels = (field?.options ?? []).map(optionLabel);
    expect(labels.slice(0, 2)).toEqual(['Afghanistan', 'Åland Islands']);
    expect(labels).toHaveLength(COUNTRY_CODES.length);
  });
});

describe('hostile input', () => {
  it('is accepted as text, unchanged', () => {
    const hostile = '<img src=x onerror=alert(1)> please quote garlic powder';
    const result = validateForm(CONTACT_FORM, { ...VALID.contactEnquiries, message: hostile, company: '<script>alert(1)</script>' });
    expect(result.ok && result.fields.message).toBe(hostile);
  });
});

describe('validateField', () => {
  it('checks one field, for clearing messages as they are fixed', () => {
    expect(validateField(CONTACT_FORM, 'email', 'asha@')).toBe('Enter an e-mail address like name@company.com');
    expect(validateField(CONTACT_FORM, 'email', 'asha@spicefoods.example')).toBeUndefined();
    expect(validateField(CONTACT_FORM, 'website', 'anything')).toBeUndefined();
  });
});

describe('initialValues', () => {
  it('starts empty, with lists for checkboxes', () => {
    // No select starts on an answer: a required one must be chosen, the unit included.
    expect(initialValues(CONTACT_FORM)).toMatchObject({ name: '', products: [], unit: '', incoterm: '' });
  });
});

describe('the product list', () => {
  it('is the one passed in: both product forms offer it, in its order, and accept nothing else', () => {
    const forms = leadForms(['Black Garlic', 'Garlic Powder'], ENGLISH_WORDS);
    for (const def of [forms.contactEnquiries, forms.sampleRequests]) {
      expect(def.fields.products?.options).toEqual(['Black Garlic', 'Garlic Powder']);
      expect(validateField(def, 'products', ['Black Garlic'])).toBeUndefined();
      expect(validateField(def, 'products', ['Garlic Oil'])).toBe('Choose products from the list');
    }
  });

  it('leaves the field names and labels as they are', () => {
    for (const def of Object.values(FORMS)) {
      expect(fieldNames(def.collection)).toEqual(Object.keys(def.fields));
      for (const [name, field] of Object.entries(def.fields)) expect(fieldLabel(def, name)).toBe(field.label);
    }
  });
});

describe('digits typed on an Arabic or Persian keyboard', () => {
  it('are stored as Western digits, with the Arabic decimal separator as a point', () => {
    const result = validateForm(CONTACT_FORM, {
      ...VALID.contactEnquiries,
      phone: '+\u0664\u0669 \u0663\u0660 \u0661\u0662\u0663\u0664\u0665\u0666\u0667',
      quantity: '\u0662\u066B\u0665',
    });
    expect(result.ok && [result.fields.phone, result.fields.quantity]).toEqual(['+49 30 1234567', '2.5']);
    // Persian digits ۰-۹ too.
    expect(validateField(CONTACT_FORM, 'quantity', '\u06F1\u06F2')).toBeUndefined();
    expect(validateForm(CONTACT_FORM, { ...VALID.contactEnquiries, quantity: '\u06F1\u06F9' })).toMatchObject({ fields: { quantity: '19' } });
  });
});

describe('the limits of each field', () => {
  it('takes a quantity from 0.001 to 1,000,000, with up to 9 digits and 3 decimals', () => {
    for (const quantity of ['0.001', '1000000', '999999.999', '1,5']) expect(withField(CONTACT_FORM, 'quantity', quantity)).toBeUndefined();
    for (const quantity of ['1.2345', '1234567890', '1.', '.5', '1 000'])
      expect(withField(CONTACT_FORM, 'quantity', quantity)).toBe('Enter the quantity as a number, like 5 or 2.5');
    expect(withField(CONTACT_FORM, 'quantity', '0.000')).toBe('Enter a quantity greater than 0');
    expect(withField(CONTACT_FORM, 'quantity', '1000000.001')).toBe('Enter a quantity of 1,000,000 or less');
  });

  it('takes a name of up to 100 characters and an e-mail address of up to 254', () => {
    expect(withField(CONTACT_FORM, 'name', 'x'.repeat(100))).toBeUndefined();
    expect(withField(CONTACT_FORM, 'name', 'x'.repeat(101))).toBe('Shorten your name to 100 characters or fewer');
    const local = 'a'.repeat(64);
    // The domain filled to the length in labels of 62 letters (DNS allows 63 at the most).
    const domain = (length: number) => Array.from({ length }, (_, at) => (at % 63 === 62 ? '.' : 'b')).join('');
    const address = (length: number) => `${local}@${domain(length - local.length - 9)}.example`;
    expect(withField(CONTACT_FORM, 'email', address(254))).toBeUndefined();
    expect(withField(CONTACT_FORM, 'email', address(255))).toBe('Enter an e-mail address of 254 characters or fewer');
  });

  it('takes an address with an apostrophe, or with a domain in other letters in either form, and refuses letters of other scripts before the @', () => {
    for (const address of ["o'brien@example.ie", 'hans@bäckerei.de', 'hans@xn--bckerei-5wa.de'])
      expect(withField(CONTACT_FORM, 'email', address), address).toBeUndefined();
    expect(withField(CONTACT_FORM, 'email', 'müller@example.de')).toBe('Enter an e-mail address like name@company.com');
  });

  it('takes a phone number of 7 to 20 characters with at least 7 digits, the + only first', () => {
    expect(withField(CAREERS_FORM, 'phone', '1234567')).toBeUndefined();
    expect(withField(CAREERS_FORM, 'phone', '123456')).toBe('Enter the full phone number, like +91 80 1234 5678');
    expect(withField(CAREERS_FORM, 'phone', '+91 80 1234 5678 901')).toBeUndefined();
    expect(withField(CAREERS_FORM, 'phone', '+91 80 1234 5678 9012')).toBe('Enter a phone number of 20 characters or fewer');
    expect(withField(CAREERS_FORM, 'phone', '(12) 34-56')).toBe('Enter the full phone number, with at least 7 digits, like +91 80 1234 5678');
    expect(withField(CAREERS_FORM, 'phone', '98450+12345')).toBe('Put the + only at the start, before the country code');
  });

  it('takes a CV link of up to 500 characters, https in any case', () => {
    const link = (length: number) => `https://drive.example.com/${'c'.repeat(length - 26)}`;
    expect(withField(CAREERS_FORM, 'cvUrl', link(500))).toBeUndefined();
    expect(withField(CAREERS_FORM, 'cvUrl', link(501))).toBe('Enter a link of 500 characters or fewer');
    expect(withField(CAREERS_FORM, 'cvUrl', 'HTTPS://drive.example.com/cv.pdf')).toBeUndefined();
  });

  it('takes a page language written as a code', () => {
    for (const language of ['de', 'ar', 'fil']) expect(validateField(CONTACT_FORM, 'language', language)).toBeUndefined();
    for (const language of ['DE', 'd', 'deut', 'de-AT']) expect(validateField(CONTACT_FORM, 'language', language)).toBe('Send the language as a code like de');
  });
});

describe('the forms in other words', () => {
  it('check with the words given, numbers grouped as their language writes them', () => {
    const words = {
      ...ENGLISH_WORDS,
      numberFormat: 'de-DE',
      tooLongCount: '{what}: höchstens {max} Zeichen (derzeit {count})',
      messageWhat: 'Ihre Nachricht',
    };
    const german = leadForms(['Knoblauchöl'], words).contactEnquiries;
    expect(validateField(german, 'message', 'x'.repeat(2001))).toBe('Ihre Nachricht: höchstens 2.000 Zeichen (derzeit 2.001)');
    expect(german.words).toBe(words);
  });
});

describe('options and labels', () => {
  it('reads an option’s value and label, a plain option being both', () => {
    expect([optionValue('100 g'), optionLabel('100 g')]).toEqual(['100 g', '100 g']);
    expect([optionValue({ value: 'EXW', label: 'EXW (Ex Works)' }), optionLabel({ value: 'EXW', label: 'EXW (Ex Works)' })]).toEqual(['EXW', 'EXW (Ex Works)']);
  });

  it('names the recorded language, and a key no form has by itself', () => {
    expect(fieldLabel(FORMS.contactEnquiries, 'language')).toBe('Language');
    expect(fieldLabel(FORMS.contactEnquiries, 'website')).toBe('website');
  });
});

describe('the words', () => {
  // The forms' words are content/ui/<code>.yaml's alone: a copy in the code would go stale when an
  // editor changes a label or a fact ({fact:company.sampleSize} in a hint). A choice's stored value
  // ('Export Sales Executive', 'USD 50,000-250,000') is data and stays in the code.
  it("are nowhere in the domain's code: every phrase of content/ui/en.yaml's leadForms comes from the words passed in", () => {
    const code = ['lead-forms.ts', 'lead-form-words.ts'].map((file) => fs.readFileSync(new URL(file, import.meta.url), 'utf8')).join('\n');
    const storedValues = new Set(Object.values(FORMS).flatMap((def) => Object.values(def.fields).flatMap((field) => (field.options ?? []).map(optionValue))));
    const phrases = Object.values(ENGLISH_WORDS)
      .flatMap((text) => text.split(/\{\w+\}/))
      .map((phrase) => phrase.trim())
      .filter((phrase) => phrase.length >= 10 && phrase.includes(' ') && !storedValues.has(phrase));
    expect(phrases.length).toBeGreaterThan(150);
    expect(phrases.filter((phrase) => code.includes(phrase))).toEqual([]);
  });

  it('label the shape the same whatever the language: field names come without words', () => {
    const german = leadForms([], { ...ENGLISH_WORDS, companyLabel: 'Unternehmen' });
    expect(fieldNames('sampleRequests')).toEqual(Object.keys(german.sampleRequests.fields));
    expect(fieldLabel(german.sampleRequests, 'company')).toBe('Unternehmen');
  });
});

describe('how each field is entered', () => {
  /** The input a field needs, from what it asks for and what its schema takes. */
  function expectedKind(name: string, schema: { type: string }): string {
    if (name === 'email') return 'email';
    if (name === 'phone') return 'tel';
    if (name === 'cvUrl') return 'url';
    if (name === 'quantity' || name === 'experience') return 'number';
    if (['message', 'address', 'coverLetter'].includes(name)) return 'textarea';
    if (schema.type === 'array') return 'checkboxes';
    if (schema.type === 'picklist' || name === 'country') return 'select';
    return 'text';
  }

  /** What a browser's autofill may put in the field (an HTML autocomplete token), by what the field holds. */
  const AUTOFILL: Record<string, string> = {
    name: 'name',
    contactPerson: 'name',
    company: 'organization',
    organisation: 'organization',
    email: 'email',
    phone: 'tel',
    country: 'country',
    address: 'street-address',
    location: 'address-level2',
    cvUrl: 'url',
  };

  it('gives every field the input it needs: a keyboard for e-mail, phone and numbers, lines for long text, choices for lists', () => {
    for (const def of Object.values(FORMS)) {
      for (const [name, field] of Object.entries(def.fields)) {
        const schema = def.schema.entries[name] as { type: string; options?: readonly string[] };
        expect(field.kind, `${def.collection}.${name}`).toBe(expectedKind(name, schema));
        // A select offers exactly the values its schema takes.
        const values = name === 'country' ? [...COUNTRY_CODES] : schema.options;
        if (field.kind === 'select') expect((field.options ?? []).map(optionValue).sort(), `${def.collection}.${name}`).toEqual([...(values ?? [])].sort());
      }
    }
  });

  it('lets the browser fill in the buyer’s name, company, contact details and address', () => {
    for (const def of Object.values(FORMS)) {
      for (const [name, field] of Object.entries(def.fields)) expect(field.autoComplete, `${def.collection}.${name}`).toBe(AUTOFILL[name]);
    }
  });
});
