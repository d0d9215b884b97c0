import { describe, expect, it } from 'vitest';
import { MAX_CONTENT_CHARS, MAX_MARKUP_CHARS, MAX_NESTING, contentProblems, markupCount, nestingDepth, withinLimits } from './post-limits';

describe('nestingDepth', () => {
  it('counts blockquote markers, with or without spaces between them', () => {
    expect(nestingDepth('plain text\n\nmore')).toBe(0);
    expect(nestingDepth('> quoted')).toBe(1);
    expect(nestingDepth('> > > three')).toBe(3);
    expect(nestingDepth('>>>>> five')).toBe(5);
    expect(nestingDepth('>'.repeat(5000))).toBe(5000);
  });

  it('counts lists nested by indentation and by markers on one line', () => {
    expect(nestingDepth('- a\n- b\n1. c')).toBe(1);
    expect(nestingDepth('- a\n  - b\n    - c\n      1. d')).toBe(4);
    expect(nestingDepth('- a\n    - b (four-space style)\n        - c')).toBe(3);
    expect(nestingDepth('- - - - x')).toBe(4);
    expect(nestingDepth('> - > 1. x')).toBe(4);
    expect(nestingDepth('- a\n  > quoted in the item')).toBe(2);
  });

  it('closes list items when a later item starts further left', () => {
    expect(nestingDepth('- a\n  - b\n    - c\n- d\n  - e')).toBe(3);
    expect(nestingDepth('- a\n  - b\n\nParagraph.\n\n- c')).toBe(2);
  });

  it('does not count thematic breaks, emphasis or numbers that are not list markers', () => {
    expect(nestingDepth('* * *\n\n- - -\n\n___')).toBe(0);
    expect(nestingDepth('*emphasis* and -5 °C and 2025.')).toBe(0);
  });
});

describe('contentProblems', () => {
  it('accepts an ordinary post at the limits', () => {
    const post = `## Heading\n\n${'Garlic powder of **80-120 mesh** ships in _25 kg_ bags.\n\n'.repeat(50)}${'> '.repeat(MAX_NESTING)}deep quote`;
    expect(contentProblems(post)).toEqual([]);
    expect(withinLimits('a'.repeat(MAX_CONTENT_CHARS))).toBe(true);
    expect(withinLimits('*a'.repeat(MAX_MARKUP_CHARS))).toBe(true);
  });

  it('refuses content over the size limit, naming both numbers', () => {
    expect(contentProblems('a'.repeat(MAX_CONTENT_CHARS + 1))).toEqual([
      'Content is 20,001 characters long; at most 20,000 are allowed. Shorten it or split it into two posts.',
    ]);
    expect(contentProblems('*a'.repeat(20_000))).toHaveLength(1);
  });

  it('refuses nesting deeper than the limit', () => {
    expect(contentProblems(`${'>'.repeat(MAX_NESTING + 1)} x`)).toEqual(['Content nests quotes (>) or lists 9 levels deep; at most 8 levels are allowed.']);
    expect(contentProblems('>'.repeat(5000))).toEqual(['Content nests quotes (>) or lists 5,000 levels deep; at most 8 levels are allowed.']);
  });

  it('refuses more formatting characters than the parser handles quickly', () => {
    expect(markupCount('**bold** _it_ ~~x~~ `c` [l](u)')).toBe(14);
    expect(contentProblems('*a'.repeat(MAX_MARKUP_CHARS + 1))).toEqual([
      'Content uses 2,001 formatting characters (* _ ~ ` [ ]); at most 2,000 are allowed, because more makes the post slow to open.',
    ]);
  });

  it('checks a huge text in one quick pass', () => {
    const huge = '> '.repeat(500_000);
    const start = performance.now();
    expect(withinLimits(huge)).toBe(false);
    expect(withinLimits('- x\n'.repeat(4000))).toBe(true);
    expect(performance.now() - start).toBeLessThan(200);
  });
});
