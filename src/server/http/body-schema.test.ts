/** What an editor reads when a body fails its schema: the schema's own words, or the field and what to change, never valibot's defaults. */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { parseBody } from './body-schema';
import { refusalOf } from '../../../tests/support/http-refusal';

const Post = v.object({
  title: v.pipe(v.string(), v.maxLength(60)),
  readTime: v.optional(v.pipe(v.string(), v.minLength(1))),
  status: v.optional(v.picklist(['new', 'won', 'lost'])),
  version: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(99))),
  tags: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(5))), v.maxLength(2))),
  featured: v.optional(v.boolean()),
  excerpt: v.optional(v.pipe(v.string('"excerpt" must be text'), v.maxLength(10, 'Shorten "excerpt" to 10 characters or fewer'))),
});

const refusal = (body: Record<string, unknown>, labels?: Record<string, string>) => refusalOf(() => parseBody(Post, body, labels), body).message;

describe('parseBody', () => {
  it('gives the body as the schema outputs it', () => {
    expect(parseBody(Post, { title: 'Garlic', tags: ['EU'] })).toEqual({ title: 'Garlic', tags: ['EU'] });
  });

  it('names the field and what to change where the schema has no message of its own', () => {
    expect(refusal({ title: 'x'.repeat(75) })).toBe('Title: at most 60 characters (this one has 75).');
    expect(refusal({})).toBe('Title: missing; fill it in.');
    expect(refusal({}, { title: 'The headline' })).toBe('The headline: missing; fill it in.');
    expect(refusal({ title: 42 })).toBe('Title: must be text (this is the number 42).');
    expect(refusal({ title: null })).toBe('Title: must be text (this is null).');
    expect(refusal({ title: 'A', readTime: '' })).toBe('Read time: must not be empty.');
    expect(refusal({ title: 'A', status: 'maybe' })).toBe('Status: must be one of "new", "won", "lost" (this is "maybe").');
    expect(refusal({ title: 'A', status: 3 })).toBe('Status: must be one of "new", "won", "lost" (this is the number 3).');
    expect(refusal({ title: 'A', version: 1.5 })).toBe('Version: must be a whole number (this is 1.5).');
    expect(refusal({ title: 'A', version: 0 })).toBe('Version: at least 1 (this is 0).');
    expect(refusal({ title: 'A', version: '3' })).toBe('Version: must be a number (this is text).');
    expect(refusal({ title: 'A', tags: ['EU', 'garlic powder'] })).toBe('Tags, item 2: at most 5 characters (this one has 13).');
    expect(refusal({ title: 'A', tags: ['a', 'b', 'c'] })).toBe('Tags: at most 2 items (this one has 3).');
    expect(refusal({ title: 'A', tags: 'EU' })).toBe('Tags: must be a list (this is text).');
    expect(refusal({ title: 'A', featured: 'yes' })).toBe('Featured: must be true or false (this is text).');
  });

  it('keeps a schema’s own message', () => {
    expect(refusal({ title: 'A', excerpt: 5 })).toBe('"excerpt" must be text');
    expect(refusal({ title: 'A', excerpt: 'x'.repeat(11) })).toBe('Shorten "excerpt" to 10 characters or fewer');
  });
});
