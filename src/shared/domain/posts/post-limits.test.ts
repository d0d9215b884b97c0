import { describe, expect, it } from 'vitest';
import { MAX_CONTENT_CHARS, MAX_MARKUP_CHARS, MAX_NESTING, contentProblems, markupCount, nestingDepth, withinLimits } from './post-limits';

describe('nestingDepth', () => {
  /** A test for each markdown, named by the rule and the markdown: nestingDepth finds it `depth` deep. */
  const depths = (rule: string, cases: [markdown: string, depth: number][]) =>
    it.each(cases)(`${rule}: %j is %i deep`, (markdown, depth) => {
      expect(nestingDepth(markdown)).toBe(depth);
    });

  it.each([
    [0, 'plain text\n\nmore'],
    [1, '> quoted'],
    [3, '> > > three'],
    [5, '>>>>> five'],
    [5000, '>'.repeat(5000)],
  ])('counts blockquote markers, with or without spaces between them: %i deep', (depth, markdown) => {
    expect(nestingDepth(markdown)).toBe(depth);
  });

  depths('counts lists nested by indentation and by markers on one line', [
    ['- a\n- b\n1. c', 1],
    ['- a\n  - b\n    - c\n      1. d', 4],
    ['- a\n    - b (four-space style)\n        - c', 3],
    ['- - - - x', 4],
    ['> - > 1. x', 4],
    ['- a\n  > quoted in the item', 2],
  ]);

  depths('closes list items when a later item starts further left', [
    ['- a\n  - b\n    - c\n- d\n  - e', 3],
    ['- a\n  - b\n\nParagraph.\n\n- c', 2],
  ]);

  it('keeps a line without a marker inside the items above it (a lazy continuation)', () => {
    expect(nestingDepth('- a\n  - b\nlazy continuation of b\n    - c')).toBe(3);
  });

  depths('places an item’s content where its text starts: one to four spaces after the marker', [
    // "-   a" has its text in column 4: an item at column 2 is not inside it.
    ['-   a\n  - b', 1],
    ['-   a\n    - b', 2],
    // An empty item's content starts one column after its marker.
    ['-\n  - b', 2],
  ]);

  depths('does not count thematic breaks, emphasis or numbers that are not list markers', [
    ['* * *\n\n- - -\n\n___', 0],
    ['*emphasis* and -5 °C and 2025.', 0],
  ]);
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

  /** The fastest of the timings of `check(text)`, in ms: a busy machine only ever adds time to a run. */
  const fastest = (check: (text: string) => unknown, text: string) => fastestEach(check, [text])[0];
  /**
   * The fastest timing of `check` on each text, the texts taken in turn: both are then timed at the
   * same stages of the engine's warm-up. Timed one after the other, on a busy machine the optimised
   * code could arrive only after every run of the first (at 15.2 times the small text's time for four
   * times the text, where a quiet machine measures 4.0).
   */
  function fastestEach(check: (text: string) => unknown, texts: string[], runs = 25): number[] {
    const best = texts.map(() => Infinity);
    for (let i = 0; i < runs; i++) {
      texts.forEach((text, t) => {
        const start = performance.now();
        sink = check(text);
        best[t] = Math.min(best[t], performance.now() - start);
      });
    }
    return best;
  }
  let sink: unknown;
  /** The baseline, timed in the same run: one plain pass over every character. */
  const onePass = (text: string) => {
    let quotes = 0;
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 62) quotes++;
    return quotes;
  };

  it('refuses a huge text before reading it through', () => {
    const huge = '> '.repeat(500_000);
    expect(withinLimits(huge)).toBe(false);
    expect(withinLimits('- x\n'.repeat(4000))).toBe(true);
    // The size is checked first: less time than a single pass over the text would take.
    expect(fastest(withinLimits, huge)).toBeLessThan(fastest(onePass, huge));
    expect(sink).toBeDefined();
  });

  it('checks a text within the size limit in time that grows with its length, not faster', () => {
    // The worst cases the checks face: every line nested as deep as the size allows, quotes and lists.
    const worst = {
      quotes: (chars: number) => '> '.repeat(chars / 2),
      lists: (chars: number) => '- '.repeat(chars / 2),
      indented: (chars: number) => Array.from({ length: chars / 40 }, (_, i) => `${' '.repeat(2 * (i % 8))}- item`.padEnd(39, '.')).join('\n'),
      markup: (chars: number) => '*_'.repeat(chars / 2),
    };
    for (const [name, text] of Object.entries(worst)) {
      const [small, large] = [text(MAX_CONTENT_CHARS / 4), text(MAX_CONTENT_CHARS)];
      expect(large.length, name).toBeLessThanOrEqual(MAX_CONTENT_CHARS);
      // Four times the text: about four times the time in one pass, sixteen in a pass per line or marker.
      const [largeMs, smallMs] = fastestEach(contentProblems, [large, small]);
      const ratio = largeMs / Math.max(smallMs, fastest(onePass, small));
      expect(ratio, name).toBeLessThan(9);
    }
  });
});
