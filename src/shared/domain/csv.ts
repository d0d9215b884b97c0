/**
 * CSV export of stored submissions, shared by the admin dashboard (browser) and the server's CSV
 * route, so both write the same columns and defuse spreadsheet formulas the same way. No React and
 * no storage here: the server imports it.
 */
import { leadSource, type Attribution } from './attribution';
import { isApplication, isPipelineLead, statusLabel, type AnyRecord } from './records';

/**
 * Spreadsheets run cells starting with these as formulas (CSV injection), the fullwidth = + - @
 * too (some convert them to the ASCII ones); a leading ' makes the cell text.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/**
 * A phone number as the lead forms take it: an optional + first, then only digits, spaces, dashes
 * and brackets, with at least 7 digits. Written as it is: even a program that reads it as a
 * formula finds no function, no name and no cell in it, so it can run nothing and read nothing,
 * and a CRM importing the file keeps the number the buyer typed (an apostrophe would stay in it).
 * A cell that starts with a dash is not one: it keeps its apostrophe.
 */
const PHONE_NUMBER = /^\+?[\d( ][\d ()-]*$/;
const isPhoneNumber = (text: string) => PHONE_NUMBER.test(text) && (text.match(/\d/g)?.length ?? 0) >= 7;
/**
 * Quoted when it holds a quote, a line break or any character a spreadsheet may take as the
 * separator: a comma, a tab, or a semicolon (the list separator where the decimal mark is a comma),
 * so a cell is never split into one that starts with =.
 */
const NEEDS_QUOTES = /[",;\t\r\n]/;

function csvCell(value: string | string[] | null | undefined): string {
  let text = Array.isArray(value) ? value.join('; ') : (value ?? '');
  if (FORMULA_START.test(text) && !isPhoneNumber(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The sales desk's columns of a buyer's lead (kept by the server): where it stands and who moved it last. */
const BUYER_COLUMNS = ['status', 'followUp', 'lastChangedBy', 'lastChangedAt', 'notes'];

/**
 * Where the lead's visit came from (leads the server keeps): the source as the overview names it
 * (the UTM source, else the referring site's host, else "direct"; empty when none was recorded),
 * the UTM medium and campaign, the landing page and the referring origin.
 */
const ATTRIBUTION_COLUMNS = ['source', 'medium', 'campaign', 'landingPage', 'referrer'];

/** A record the server sent with its attribution (an object, or null when none was recorded). */
type Attributed = AnyRecord & { attribution: Attribution | null };
const hasAttribution = (record: AnyRecord): record is Attributed => 'attribution' in record;

function attributionCells(record: AnyRecord): (string | null)[] {
  const attribution = hasAttribution(record) ? record.attribution : null;
  if (!attribution) return ['', '', '', '', ''];
  return [leadSource(attribution), attribution.utmMedium, attribution.utmCampaign, attribution.landingPage, attribution.referrer];
}

/**
 * CSV (RFC 4180, CRLF line ends) of the records: id, createdAt, the application columns when any
 * record is an application, the sales desk's columns when any is a lead the server works through
 * stages (a buyer's lead or a partnership application),
 * the attribution's columns when the server sent it, then every field key in first-seen order. A
 * status is written as the dashboard names it ('Sample sent'), not as its code.
 */
export function toCsv(records: AnyRecord[]): string {
  const withApplication = records.some(isApplication);
  const withBuyer = records.some(isPipelineLead);
  const withAttribution = records.some(hasAttribution);
  const fieldKeys: string[] = [];
  for (const record of records) {
    for (const key of Object.keys(record.fields)) if (!fieldKeys.includes(key)) fieldKeys.push(key);
  }
  const header = [
    'id',
    'createdAt',
    ...(withApplication ? ['status', 'appliedAt', 'reviewedAt', 'notes'] : []),
    ...(withBuyer ? BUYER_COLUMNS : []),
    ...(withAttribution ? ATTRIBUTION_COLUMNS : []),
    ...fieldKeys,
  ];
  const rows = records.map((record) => {
    const app = isApplication(record) ? record : null;
    const buyer = isPipelineLead(record) ? record : null;
    return [
      record.id,
      record.createdAt,
      ...(withApplication ? [app && statusLabel(app.status), app?.appliedAt, app?.reviewedAt, app?.notes] : []),
      ...(withBuyer ? [buyer && statusLabel(buyer.status), buyer?.followUp, buyer?.updatedBy, buyer?.updatedAt, buyer?.notes] : []),
      ...(withAttribution ? attributionCells(record) : []),
      ...fieldKeys.map((key) => record.fields[key]),
    ];
  });
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** garlic-brothers-job-applications-2025-11-22.csv (local date: the day the admin exported it). */
export function csvFileName(slug: string, now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `garlic-brothers-${slug}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
