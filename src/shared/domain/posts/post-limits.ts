/**
 * How much markdown a post added in the browser may hold. The markdown parser recurses once per
 * level of blockquote or list nesting (thousands of `>` overflow the stack) and its time grows
 * with the number of emphasis, strikethrough, code and link markers (tens of thousands of `*`
 * freeze the page for seconds). The admin form refuses a post beyond these limits, and the post
 * page shows a stored post beyond them (written to storage by other means) as plain text.
 * Every check here is one linear pass over the text, so it is cheap on any input.
 */

export const MAX_CONTENT_CHARS = 20_000;
export const MAX_NESTING = 8;
/** `*`, `_`, `~`, backticks and brackets: a long post with heavy formatting uses about a thousand. */
export const MAX_MARKUP_CHARS = 2_000;

const MARKUP = new Set(['*', '_', '~', '`', '[', ']']);

/** How many of the markers that drive the inline parser's work the text holds. */
export function markupCount(text: string): number {
  let count = 0;
  for (const char of text) if (MARKUP.has(char)) count++;
  return count;
}

const LIST_MARKER = /^(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$)/;
const THEMATIC_BREAK = /^([-*_])(?:[ \t]*\1){2,}[ \t]*$/;

/**
 * The deepest blockquote and list nesting of any line: each `>` and list marker at the start of a
 * line counts one level (`> - > x` is three), and a list item indented under an earlier item
 * counts that item's levels too. Where markdown is subtle (lazy continuation lines, indented
 * code) it may count more than the parser builds, never meaningfully fewer.
 */
export function nestingDepth(text: string): number {
  let deepest = 0;
  // Content columns of the list items the current line may sit inside, outermost first.
  const open: number[] = [];
  for (const line of text.split('\n')) {
    const indent = line.length - line.trimStart().length;
    let rest = line.slice(indent);
    // A line without a marker adds no level (and may be a lazy continuation, still inside the
    // items above it), so it closes nothing here; "* * *" is a thematic break, not three lists.
    if (!(rest.startsWith('>') || LIST_MARKER.test(rest)) || THEMATIC_BREAK.test(rest)) continue;
    while (open.length > 0 && (open.at(-1) ?? 0) > indent) open.pop();
    let depth = 0;
    let column = indent;
    let first = true;
    for (;;) {
      let width = 0;
      if (rest.startsWith('>')) width = 1;
      else width = LIST_MARKER.exec(rest)?.[0].length ?? 0;
      if (width === 0) break;
      const isList = !rest.startsWith('>');
      const after = rest.slice(width);
      const gap = after.length - after.trimStart().length;
      if (first && isList) open.push(column + width + Math.max(1, Math.min(gap, 4)));
      first = false;
      depth++;
      column += width + gap;
      rest = after.slice(gap);
    }
    // A list item's own marker is already in `open`; only the items around it add levels.
    const enclosing = LIST_MARKER.test(line.slice(indent)) ? open.length - 1 : open.length;
    deepest = Math.max(deepest, enclosing + depth);
  }
  return deepest;
}

const thousands = (n: number) => n.toLocaleString('en-GB');

/** What is wrong with a post's content, one sentence each for the admin; empty when it is within the limits. */
export function contentProblems(content: string): string[] {
  if (content.length > MAX_CONTENT_CHARS) {
    // Checked first: the other passes need not run over an oversized text.
    return [
      `Content is ${thousands(content.length)} characters long; at most ${thousands(MAX_CONTENT_CHARS)} are allowed. Shorten it or split it into two posts.`,
    ];
  }
  const problems: string[] = [];
  const depth = nestingDepth(content);
  if (depth > MAX_NESTING) {
    problems.push(`Content nests quotes (>) or lists ${thousands(depth)} levels deep; at most ${MAX_NESTING} levels are allowed.`);
  }
  const markup = markupCount(content);
  if (markup > MAX_MARKUP_CHARS) {
    problems.push(
      `Content uses ${thousands(markup)} formatting characters (* _ ~ \` [ ]); at most ${thousands(MAX_MARKUP_CHARS)} are allowed, because more makes the post slow to open.`,
    );
  }
  return problems;
}

export function withinLimits(content: string): boolean {
  return contentProblems(content).length === 0;
}
