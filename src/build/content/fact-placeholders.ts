/**
 * Facts in text that is not a component: frontmatter (titles, descriptions, specification rows,
 * structured data) and FAQ answers write `{fact:garlic-powder.moq}` or `{fact:garlic-powder.moq:long}`,
 * and the loader puts the figure there, in the file's language, before anything else reads it.
 * Page text writes `<Fact name="garlic-powder.moq" />` instead (MDX reads braces in prose as code);
 * a component's text attribute (a figure's caption), which cannot hold a component, writes the
 * placeholder, and the loader expands it in the page body too.
 */
import { FORMS, formatQuantity } from './fact-format.ts';
import { isForm, type FactTable } from './facts.ts';

export const PLACEHOLDER = /\{fact:([A-Za-z0-9.-]+?)(?::([a-z]+))?\}/g;
/** `<Fact name="..." />` with an optional `form="..."`, either order. */
export const FACT_TAG = /<Fact\b([^>]*?)\/>/g;

export function factTagAttributes(attributes: string): { name?: string; form?: string } {
  return {
    name: /\bname="([^"]*)"/.exec(attributes)?.[1],
    form: /\bform="([^"]*)"/.exec(attributes)?.[1],
  };
}

/** What is wrong with a reference to a fact, or null. */
export function referenceProblem(table: FactTable, name: string | undefined, form: string | undefined): string | null {
  if (!name) return 'expected a fact name, e.g. <Fact name="garlic-powder.moq" />';
  if (!(name in table)) return `unknown fact "${name}"; the facts are named in content/facts.yaml as <product>.<fact> or company.<fact>`;
  if (form !== undefined && !isForm(form)) return `unknown form "${form}" of fact "${name}"; expected ${FORMS.join(', ')}`;
  return null;
}

/** `text` with every placeholder replaced by its figure in `code`; `problems` gets one line per bad placeholder. */
export function expandText(text: string, code: string, table: FactTable, where: string, problems: string[]): string {
  return text.replace(PLACEHOLDER, (whole, name: string, form: string | undefined) => {
    const problem = referenceProblem(table, name, form);
    if (problem) {
      problems.push(`${where}: ${problem}`);
      return whole;
    }
    return formatQuantity(table[name], code, form && isForm(form) ? form : 'short');
  });
}

/** Every string of a frontmatter value expanded; a bad placeholder is reported as `file: field: problem`. */
export function expandDeep<T>(value: T, code: string, table: FactTable, rel: string, problems: string[], field = ''): T {
  const at = (key: string | number) => (field ? `${field}.${key}` : String(key));
  if (typeof value === 'string') return expandText(value, code, table, `${rel}: ${field || '(file)'}`, problems) as T;
  if (Array.isArray(value)) return value.map((item: unknown, i) => expandDeep(item, code, table, rel, problems, at(i))) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, expandDeep(item, code, table, rel, problems, at(key))])) as T;
  }
  return value;
}

/** Problems of the `<Fact />` tags of a page body: unknown names or forms fail the build like a bad field. */
export function factTagProblems(body: string, table: FactTable, rel: string): string[] {
  return [...body.matchAll(FACT_TAG)].flatMap((match) => {
    const { name, form } = factTagAttributes(match[1]);
    const problem = referenceProblem(table, name, form);
    return problem ? [`${rel}: content: ${problem}`] : [];
  });
}
