import { describe, expect, it } from 'vitest';
import { fill } from './fill';

describe('fill', () => {
  it('fills the placeholders and leaves unknown ones as written', () => {
    expect(fill('{shown} of {count} questions match', { shown: 3, count: 35 })).toBe('3 of 35 questions match');
    expect(fill('Hello {name}')).toBe('Hello {name}');
  });

  it('isolates a Latin figure filled into right-to-left words, as the words’ own figures are', () => {
    expect(fill('لا توجد إجابة تطابق «{query}»', { query: '80-120 mesh' })).toBe('لا توجد إجابة تطابق «\u206680-120 mesh\u2069»');
    // A plain number needs nothing.
    expect(fill('{shown} من {count} سؤالًا', { shown: 3, count: 35 })).toBe('3 من 35 سؤالًا');
  });

  it('adds nothing to left-to-right words', () => {
    expect(fill('No answer matches “{query}”', { query: '80-120 mesh' })).toBe('No answer matches “80-120 mesh”');
  });
});
