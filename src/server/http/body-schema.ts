/**
 * A request body checked by a valibot schema: its output, or a 400 whose message the admin's form
 * shows as it is. A schema's own messages are kept; where a schema gives none, valibot's default
 * ('Invalid key: Expected "body" but received undefined') would reach the editor, so the issue is
 * described here instead, naming the field and what to change.
 */
import * as v from 'valibot';
import { HttpError } from './json';

/** Field names in words, for the keys humanise() would not say well. */
export type FieldLabels = Readonly<Record<string, string>>;

/** `readTime` → `Read time`. */
const humanise = (key: string) => {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function fieldOf(issue: v.BaseIssue<unknown>, labels: FieldLabels): string {
  const [first, ...rest] = (issue.path ?? []).map((item) => item.key);
  if (first === undefined) return 'The body';
  const name = labels[String(first)] ?? humanise(String(first));
  return [name, ...rest.map((key) => (typeof key === 'number' ? `item ${key + 1}` : humanise(String(key))))].join(', ');
}

/** What was sent, in words: `the number 42`, `text`, `a list`. */
function sent(input: unknown): string {
  if (input === null || typeof input === 'boolean') return String(input);
  if (typeof input === 'number') return `the number ${input}`;
  if (typeof input === 'string') return 'text';
  return Array.isArray(input) ? 'a list' : 'an object';
}

const EXPECTED: Record<string, string> = { string: 'text', number: 'a number', boolean: 'true or false', array: 'a list', object: 'an object' };

/** What to change, after the field's name. */
function problem(issue: v.BaseIssue<unknown>): string {
  const { type, input, requirement, received } = issue;
  const unit = Array.isArray(input) ? 'items' : 'characters';
  if (issue.kind === 'schema') {
    // An object's key the body left out.
    if (type.endsWith('object') && input === undefined) return 'missing; fill it in.';
    if (type === 'picklist' || type === 'enum') {
      const choices = (issue.expected ?? '').replace(/^\((.*)\)$/, '$1').replaceAll(' | ', ', ');
      return `must be one of ${choices} (this is ${typeof input === 'string' ? received : sent(input)}).`;
    }
    return `must be ${EXPECTED[type] ?? 'another kind of value'} (this is ${sent(input)}).`;
  }
  if (type === 'max_length') return `at most ${String(requirement)} ${unit} (this one has ${received}).`;
  if (type === 'min_length') return requirement === 1 ? 'must not be empty.' : `at least ${String(requirement)} ${unit} (this one has ${received}).`;
  if (type === 'max_value') return `at most ${String(requirement)} (this is ${received}).`;
  if (type === 'min_value') return `at least ${String(requirement)} (this is ${received}).`;
  if (type === 'integer') return `must be a whole number (this is ${received}).`;
  if (type === 'non_empty') return 'must not be empty.';
  return 'this value is not accepted; check it.';
}

/** The message for an issue no schema message covers, e.g. `Title: at most 60 characters (this one has 75).` */
function issueMessage(issue: v.BaseIssue<unknown>, labels: FieldLabels = {}): string {
  return `${fieldOf(issue, labels)}: ${problem(issue)}`;
}

/** The parse's message where the schema sets none of its own. */
const UNSET = '\u0000no schema message';

/** The body as the schema outputs it; throws HttpError 400 with the first issue's message otherwise. */
export function parseBody<const TSchema extends v.GenericSchema>(schema: TSchema, body: unknown, labels: FieldLabels = {}): v.InferOutput<TSchema> {
  const parsed = v.safeParse(schema, body, { message: UNSET });
  if (parsed.success) return parsed.output;
  const [issue] = parsed.issues;
  // Described after the parse: the issue's path, which names the field, is complete only then.
  throw new HttpError(400, issue.message === UNSET ? issueMessage(issue, labels) : issue.message);
}
