/**
 * The five lead forms as a visitor fills them in: for each, an invalid first attempt with the
 * messages it must produce, a valid set of answers, and what the lead endpoint must then receive.
 * Messages and labels are written out here (not read from src/) so a changed text fails a test.
 */
import type { Locator, Page } from 'playwright-core';
import { MIN_SHOWN_MS } from '../../../src/shared/domain/screening';
import { hydrated } from './browser';

/** A text box, textarea or select is given a string; a group of checkboxes the options to tick. */
export type Answer = string | string[];

export interface FormCase {
  path: string;
  /** The form's accessible name (its aria-label). */
  formName: string;
  /** The storage collection and the endpoint's `type`. */
  collection: string;
  /** Used in the confirmation and the alerts, e.g. 'quote request'. */
  title: string;
  submitLabel: string;
  /** The admin dashboard section (its anchor is the slug). */
  section: { title: string; slug: string };
  application: boolean;
  /** First attempt, by label: some answers valid, some not, some left empty. */
  invalid: Record<string, Answer>;
  /** The messages that attempt must show, by label, in the form's order. */
  errors: Record<string, string>;
  /** Second attempt, by field key: [label, answer]. */
  valid: Record<string, [string, Answer]>;
  /** What the validated fields become (trimmed, normalised) where that differs from the answer. */
  normalised?: Record<string, Answer>;
}

const EMAIL_FORMAT = 'Enter an e-mail address like name@company.com';

export const FORM_CASES: FormCase[] = [
  {
    path: '/contact',
    formName: 'Quote request form',
    collection: 'contactEnquiries',
    title: 'quote request',
    submitLabel: 'Send quote request',
    section: { title: 'Quote requests', slug: 'contact-enquiries' },
    application: false,
    invalid: {
      'Your name': 'Anna Schmidt',
      'E-mail': 'anna.schmidt@',
      Phone: '040 1234567',
      'Quantity per shipment': '5 tons',
      Message: 'Need prices',
    },
    errors: {
      Company: 'Enter your company name',
      'E-mail': EMAIL_FORMAT,
      Phone: 'Start with + and the country code, like +49 30 1234567',
      Country: 'Choose your country',
      'Products of interest': 'Choose at least one product',
      'Quantity per shipment': 'Enter the quantity as a number, like 5 or 2.5',
      Unit: 'Choose the unit: kg, metric tons or units',
      'Destination port or country': 'Enter the destination port or country',
      Incoterm: 'Choose an Incoterm, or "Not sure yet" if you want us to advise',
      Message: 'Write at least 20 characters in your message, so we know what you need (it has 11 now)',
    },
    valid: {
      name: ['Your name', 'Anna Schmidt'],
      company: ['Company', '  Hamburg Spice Trading GmbH  '],
      email: ['E-mail', 'anna.schmidt@spicetrading.example'],
      phone: ['Phone', '+49 40 1234567'],
      country: ['Country', 'Germany'],
      products: ['Products of interest', ['Garlic Powder', 'Garlic Flakes']],
      quantity: ['Quantity per shipment', '2,5'],
      unit: ['Unit', 'metric tons'],
      destination: ['Destination port or country', 'Hamburg, Germany'],
      incoterm: ['Incoterm', 'CIF'],
      message: ['Message', 'Garlic powder 80-120 mesh in 25 kg bags, first shipment in March; please quote CIF Hamburg.'],
    },
    // The country is chosen by its name and stored as its ISO code.
    normalised: { company: 'Hamburg Spice Trading GmbH', quantity: '2.5', country: 'DE' },
  },
  {
    path: '/sample-request',
    formName: 'Sample request form',
    collection: 'sampleRequests',
    title: 'sample request',
    submitLabel: 'Request samples',
    section: { title: 'Sample requests', slug: 'sample-requests' },
    application: false,
    invalid: {
      'Contact person': 'Li Wei',
      'E-mail': 'li.wei@@foods.example',
      Phone: '86+10 1234 5678',
      'Delivery address': 'Beijing',
    },
    errors: {
      Company: 'Enter your company name',
      'E-mail': EMAIL_FORMAT,
      Phone: 'Put the + only at the start, before the country code',
      'Products to sample': 'Choose at least one product',
      'Sample size per product': 'Choose a sample size: 50 g, 75 g or 100 g',
      'Delivery address': 'Write at least 10 characters in the address, so we know what you need (it has 7 now)',
      Country: 'Choose your country',
      'Intended application': 'Tell us what you will use the samples for',
    },
    valid: {
      company: ['Company', 'Great Wall Seasonings Co.'],
      contactPerson: ['Contact person', 'Li Wei'],
      email: ['E-mail', 'li.wei@foods.example'],
      phone: ['Phone', '+86 10 1234 5678'],
      products: ['Products to sample', ['Garlic Granules', 'Garlic Oil']],
      sampleSize: ['Sample size per product', '100 g'],
      address: ['Delivery address', '18 Jianguo Road, Chaoyang District\nBeijing 100022, China'],
      country: ['Country', 'China'],
      application: ['Intended application', 'Instant noodle seasoning sachets'],
    },
    normalised: { country: 'CN' },
  },
  {
    path: '/careers',
    formName: 'Job application form',
    collection: 'jobApplications',
    title: 'job application',
    submitLabel: 'Send application',
    section: { title: 'Job applications', slug: 'job-applications' },
    application: true,
    invalid: {
      'E-mail': 'ravi.kumar.example.com',
      Phone: '98450 1234x',
      'Years of experience': 'five',
      'Current location': 'Bengaluru, India',
      'Link to your CV': 'http://cv.example.com/ravi-kumar.pdf',
    },
    errors: {
      'Full name': 'Enter your full name',
      'E-mail': EMAIL_FORMAT,
      Phone: 'Use only digits, spaces, +, - and brackets in the phone number',
      Position: 'Choose the position you are applying for',
      'Years of experience': 'Enter your years of experience as a whole number, like 4',
      'Link to your CV': 'Use a secure link that starts with https://',
      'Cover letter': 'Write a short cover letter',
    },
    valid: {
      name: ['Full name', 'Ravi Kumar'],
      email: ['E-mail', 'ravi.kumar@mail.example'],
      phone: ['Phone', '+91 98450 12345'],
      position: ['Position', 'Quality Assurance Executive'],
      experience: ['Years of experience', '04'],
      location: ['Current location', 'Bengaluru, India'],
      cvUrl: ['Link to your CV', 'https://cv.example.com/ravi-kumar.pdf'],
      coverLetter: ['Cover letter', 'Six years in spice QA, HACCP team lead, FSSAI audits; I would like to build your lab routines.'],
    },
    normalised: { experience: '4' },
  },
  {
    path: '/partnership',
    formName: 'Partnership application form',
    collection: 'partnershipApplications',
    title: 'partnership application',
    submitLabel: 'Send partnership application',
    section: { title: 'Partnership applications', slug: 'partnership-applications' },
    application: true,
    invalid: {
      Company: 'Gulf Fine Foods LLC',
      Phone: '+971 4',
      Message: 'Distribution',
    },
    errors: {
      'Contact person': 'Enter the name of the contact person',
      'E-mail': 'Enter your e-mail address',
      Phone: 'Enter the full phone number, like +49 30 1234567',
      'Partnership type': 'Choose the type of partnership',
      Country: 'Choose your country',
      Message: 'Write at least 20 characters in your message, so we know what you need (it has 12 now)',
    },
    valid: {
      company: ['Company', 'Gulf Fine Foods LLC'],
      contactPerson: ['Contact person', 'Omar Haddad'],
      email: ['E-mail', 'omar@gulffinefoods.example'],
      phone: ['Phone', '+971 4 123 4567'],
      partnershipType: ['Partnership type', 'Distributor'],
      country: ['Country', 'United Arab Emirates'],
      message: ['Message', 'We supply 400 restaurants and 60 retailers in the UAE and Oman, about 20 MT a year.'],
    },
    normalised: { country: 'AE' },
  },
  {
    path: '/investment',
    formName: 'Investor interest form',
    collection: 'investorInterests',
    title: 'investor interest',
    submitLabel: 'Register interest',
    section: { title: 'Investor interests', slug: 'investor-interests' },
    application: false,
    invalid: {
      'E-mail': 'not an address',
      'Organisation (optional)': 'Nordic Seed Capital',
      Message: 'x'.repeat(2001),
    },
    errors: {
      'Your name': 'Enter your name',
      'E-mail': EMAIL_FORMAT,
      'Investor type': 'Choose the type of investor you are',
      'Intended ticket size': 'Choose the ticket size you have in mind',
      Message: 'Shorten your message to 2,000 characters or fewer (it has 2,001 now)',
    },
    valid: {
      name: ['Your name', 'Ingrid Larsen'],
      email: ['E-mail', 'ingrid.larsen@nordicseed.example'],
      organisation: ['Organisation (optional)', 'Nordic Seed Capital'],
      investorType: ['Investor type', 'Venture capital'],
      ticketSize: ['Intended ticket size', 'USD 250,000-1,000,000'],
      message: ['Message', 'We back food-ingredient exporters in South Asia and would like the 2026 plan.'],
    },
  },
];

export const formCase = (path: string): FormCase => {
  const found = FORM_CASES.find((c) => c.path === path);
  if (!found) throw new Error(`No form case for ${path}`);
  return found;
};

export function theForm(page: Page, c: FormCase): Locator {
  return page.getByRole('form', { name: c.formName });
}

/** The control (or, for a checkbox group, the fieldset) that carries a label. */
export function control(form: Locator, label: string, like: Answer | 'group' = ''): Locator {
  return Array.isArray(like) || like === 'group' ? form.getByRole('group', { name: label, exact: true }) : form.getByLabel(label, { exact: true });
}

/** Types (or picks, or ticks) one answer the way a visitor does. */
export async function answer(form: Locator, label: string, value: Answer): Promise<void> {
  const target = control(form, label, value);
  if (Array.isArray(value)) {
    for (const box of await target.getByRole('checkbox').all()) {
      const name = (await box.locator('xpath=..').innerText()).trim();
      await box.setChecked(value.includes(name));
    }
    return;
  }
  if ((await target.evaluate((el) => el.tagName)) === 'SELECT') await target.selectOption(value);
  else await target.fill(value);
}

export async function answerAll(form: Locator, answers: Record<string, Answer>): Promise<void> {
  for (const [label, value] of Object.entries(answers)) await answer(form, label, value);
}

/** What a field holds now, in the same shape as its answer. */
export async function currentAnswer(form: Locator, label: string, like: Answer): Promise<Answer> {
  const target = control(form, label, like);
  if (!Array.isArray(like)) {
    // A select answered by an option's label (a country by its name) holds that option's value.
    const [value, shown] = await target.evaluate((el) =>
      el instanceof HTMLSelectElement ? [el.value, el.selectedOptions[0]?.textContent ?? ''] : [(el as HTMLInputElement).value, ''],
    );
    return like !== value && like === shown ? shown : value;
  }
  const ticked: string[] = [];
  for (const box of await target.getByRole('checkbox').all()) {
    if (await box.isChecked()) ticked.push((await box.locator('xpath=..').innerText()).trim());
  }
  return ticked;
}

export function validAnswers(c: FormCase): Record<string, Answer> {
  return Object.fromEntries(Object.values(c.valid));
}

/** The fields the endpoint and the store receive for the valid answers. */
export function expectedFields(c: FormCase): Record<string, Answer> {
  const fields: Record<string, Answer> = {};
  for (const [key, [, value]] of Object.entries(c.valid)) fields[key] = c.normalised?.[key] ?? (Array.isArray(value) ? value : value.trim());
  return fields;
}

/** The error message shown next to a field: the element its aria-describedby names, in its .field block. */
export async function fieldError(
  page: Page,
  form: Locator,
  label: string,
  isGroup: boolean,
): Promise<{ text: string | null; besideField: boolean; invalid: boolean }> {
  const target = control(form, label, isGroup ? 'group' : '');
  const describedBy = (await target.getAttribute('aria-describedby')) ?? '';
  const ids = describedBy.split(/\s+/).filter(Boolean);
  for (const id of ids) {
    const element = page.locator(`[id="${id}"]`);
    if ((await element.getAttribute('class'))?.includes('field-error')) {
      const besideField = await target.evaluate((el, errorId) => {
        const error = document.getElementById(errorId);
        return !!error && el.closest('.field') === error.closest('.field');
      }, id);
      const invalidTarget = isGroup ? target.getByRole('checkbox').first() : target;
      return { text: await element.textContent(), besideField, invalid: (await invalidTarget.getAttribute('aria-invalid')) === 'true' };
    }
  }
  return { text: null, besideField: false, invalid: false };
}

export const REFERENCE = /^GB-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/;

/** Waits for the confirmation and returns the reference id it shows. */
export async function confirmedReference(page: Page, c: FormCase): Promise<string> {
  await page.getByRole('heading', { name: `Thank you: your ${c.title} has been received` }).waitFor();
  return ((await page.locator('.lead-reference').textContent()) ?? '').trim();
}

/**
 * Stops the page's installed clock where it stands. Playwright pauses only at a time to come: a
 * moment just ahead of the page's time, tried again if the page's clock has passed it meanwhile
 * (a loaded machine takes a while between the two calls).
 */
async function stopClock(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 20);
      return;
    } catch (error) {
      if (attempt === 10 || !String(error).includes('to the past')) throw error;
    }
  }
}

/**
 * Opens the form's page, sends the valid answers (with any overrides, by label) and returns the
 * reference id; the page must already be hydrated-capable (navigated by the caller's context).
 * The site's own server keeps a form sent within MIN_SHOWN_MS of the page showing it in the
 * admin's Spam list. `asPerson`: sent no sooner than a person could. `asBot`: sent the moment the
 * form is ready, as a script would; the page's clock (Playwright's, installed before the page
 * loads) stands still while the answers are typed, so the form counts as sent as soon as it showed
 * however long a loaded machine takes to type them.
 */
export async function sendValid(
  page: Page,
  baseUrl: string,
  c: FormCase,
  overrides: Record<string, Answer> = {},
  options: { asPerson?: boolean; asBot?: boolean } = {},
): Promise<string> {
  if (options.asBot) await page.clock.install();
  await page.goto(baseUrl + c.path);
  await hydrated(page);
  if (options.asBot) await stopClock(page);
  const form = theForm(page, c);
  await answerAll(form, { ...validAnswers(c), ...overrides });
  // Until the page's own clock has passed the minimum: a timer in the page for the time left, not
  // waitForFunction, whose poll on every frame keeps the browser drawing for three seconds.
  if (options.asPerson)
    await page.evaluate(
      (ms) =>
        new Promise<void>((resolve) => {
          const check = () => (performance.now() >= ms ? resolve() : setTimeout(check, ms - performance.now()));
          check();
        }),
      MIN_SHOWN_MS + 200,
    );
  await form.getByRole('button', { name: c.submitLabel }).click();
  // The press has measured the time; the page's own timers run again for the confirmation.
  if (options.asBot) await page.clock.resume();
  return confirmedReference(page, c);
}
