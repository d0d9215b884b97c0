/**
 * The schema of content/facts.yaml, the one source of the facts a buyer acts on (specifications,
 * packaging sizes, minimum orders, shelf life, container loads, response, lead and transit times,
 * payment terms, the company's credentials), and the table of those facts by name (`garlic-powder.moq`,
 * `company.sampleSize`, and `company.credentials`, their count).
 * Isomorphic: the loader validates the file with it, the `<Fact />` component reads the table.
 */
import * as v from 'valibot';
import { FORMS, UNITS, type Form, type Quantity } from './fact-format.ts';

const figure = v.pipe(v.number('expected a number (write the unit in `unit`)'), v.finite('expected a number'));

const QuantitySchema = v.pipe(
  v.strictObject({
    value: v.optional(figure),
    min: v.optional(figure),
    max: v.optional(figure),
    decimals: v.optional(v.pipe(v.number('expected a whole number'), v.integer('expected a whole number'), v.minValue(0), v.maxValue(4, 'expected at most 4 decimals'))),
    unit: v.picklist(UNITS, `expected one of ${UNITS.join(', ')}`),
  }),
  v.check(
    (q) => (q.value !== undefined ? q.min === undefined && q.max === undefined : q.min !== undefined || q.max !== undefined),
    'expected { value }, { min, max }, { min } or { max }',
  ),
  v.check((q) => q.min === undefined || q.max === undefined || q.min < q.max, 'expected min below max'),
);

const ProductFacts = v.objectWithRest(
  {
    moq: QuantitySchema,
    shelfLife: QuantitySchema,
    container20: QuantitySchema,
    container40: QuantitySchema,
    /** Whether ethanol is used in making it (and so a residual-ethanol limit applies). */
    usesEthanol: v.boolean('expected true or false'),
    /** Its certifications beyond the company's (organic lots, GMP); its page lists the company's, then these. */
    certifications: v.optional(v.array(v.pipe(v.string('expected a certification'), v.minLength(1)), 'expected a list of certifications')),
  },
  QuantitySchema,
);

/** What a credential is: held after an audit of the site, a registration with an authority, an audit report, or the company's own declaration. */
export const CREDENTIAL_KINDS = ['certification', 'registration', 'audit', 'declaration'] as const;

const credentialId = v.pipe(v.string('expected an id'), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'expected an id in lower-case words joined by hyphens'));

const Credential = v.strictObject({
  /** Stable: it names the credential's words in content/ui/<code>.yaml `credentials.items`. */
  id: credentialId,
  /** Its name in English, as the certifications page's table shows it. */
  name: v.pipe(v.string('expected its name in English'), v.trim(), v.minLength(1, 'expected its name in English')),
  /** The shorter name product pages and badges give it (FSSAI for the FSSAI central licence), where they do. */
  short: v.optional(v.pipe(v.string('expected a shorter name'), v.trim(), v.minLength(1, 'expected a shorter name'))),
  kind: v.picklist(CREDENTIAL_KINDS, `expected one of ${CREDENTIAL_KINDS.join(', ')}`),
});
export type Credential = v.InferOutput<typeof Credential>;

const CompanyFacts = v.objectWithRest(
  {
    /** Every certification, registration, audit and declaration the company holds, in the order its certifications page lists them. */
    credentials: v.pipe(v.array(Credential, 'expected a list of credentials, each { id, name, kind }'), v.minLength(1, 'expected at least one credential')),
    certifications: v.pipe(v.array(v.pipe(v.string('expected a certification'), v.minLength(1)), 'expected a list of certifications'), v.minLength(1, 'expected at least one certification')),
  },
  QuantitySchema,
);

const productId = v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'expected a product id in lower-case words joined by hyphens'));

export const FactsFile = v.strictObject({
  products: v.record(productId, ProductFacts, 'expected the products, each a map of facts'),
  company: CompanyFacts,
});
export type FactsFile = v.InferOutput<typeof FactsFile>;

/** Every quantity by its name: `garlic-powder.moq`, `company.sampleDispatch`. */
export type FactTable = Record<string, Quantity>;

const isQuantity = (value: unknown): value is Quantity => typeof value === 'object' && value !== null && 'unit' in value;

export function factTable(facts: FactsFile): FactTable {
  const table: FactTable = {};
  const add = (owner: string, entries: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(entries)) if (isQuantity(value)) table[`${owner}.${key}`] = value;
  };
  for (const [id, product] of Object.entries(facts.products)) add(id, product);
  add('company', facts.company);
  // How many credentials the company holds, for the copy that counts them ("holds 16 certifications").
  table['company.credentials'] = { value: facts.company.credentials.length, unit: 'none' };
  return table;
}

export const isForm = (form: string): form is Form => (FORMS as readonly string[]).includes(form);
