/**
 * A stylelint rule of this project (stylelint.config.mjs): a box shorthand whose left and right
 * values differ, `margin: 0 2rem 0 0` or `border-radius: 8px 0 0 8px`, is a physical left or
 * right in disguise, which does not mirror on a page written right to left; the logical-css plugin
 * only looks at the physical longhands (`margin-right`). The message names the logical
 * declarations that say the same thing in a left-to-right page.
 */
import stylelint from 'stylelint';

const ruleName = 'gb/mirrored-shorthands';

const messages = stylelint.utils.ruleMessages(ruleName, {
  rejected: (property, value, logical) => `Unexpected "${property}: ${value}": its left and right differ. Use the logical ${logical}`,
});

/** Shorthands of the four sides (top, right, bottom, left) and their block and inline forms. */
const SIDES = {
  margin: ['margin-block', 'margin-inline'],
  padding: ['padding-block', 'padding-inline'],
  inset: ['inset-block', 'inset-inline'],
  'scroll-margin': ['scroll-margin-block', 'scroll-margin-inline'],
  'scroll-padding': ['scroll-padding-block', 'scroll-padding-inline'],
  'border-width': ['border-block-width', 'border-inline-width'],
  'border-style': ['border-block-style', 'border-inline-style'],
  'border-color': ['border-block-color', 'border-inline-color'],
};

/** The value's space-separated parts, spaces inside functions (calc(), var()) kept. */
export function splitValue(value) {
  const parts = [];
  let depth = 0;
  let current = '';
  for (const ch of value.trim()) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (/\s/.test(ch) && depth === 0) {
      if (current) parts.push(current);
      current = '';
    } else current += ch;
  }
  if (current) parts.push(current);
  return parts;
}

/** One to four radii as [top-left, top-right, bottom-right, bottom-left], the way CSS fills in the missing ones. */
function fourCorners([topLeft, topRight = topLeft, bottomRight = topLeft, bottomLeft = topRight]) {
  return [topLeft, topRight, bottomRight, bottomLeft];
}

/** The logical declarations for a shorthand whose left and right differ, or null when they match. */
export function logicalForm(property, value) {
  const prop = property.toLowerCase();
  if (prop in SIDES) {
    // With one to three values CSS gives the left the right's value: only four can differ.
    const parts = splitValue(value);
    if (parts.length !== 4) return null;
    const [top, right, bottom, left] = parts;
    if (right === left) return null;
    const [block, inline] = SIDES[prop];
    const pair = (start, end) => (start === end ? start : `${start} ${end}`);
    return `"${block}: ${pair(top, bottom)}; ${inline}: ${pair(left, right)}"`;
  }
  if (prop === 'border-radius') {
    // Horizontal radii / vertical radii: each half must be the same on the left and on the right.
    const halves = value.split('/').map((half) => fourCorners(splitValue(half)));
    if (halves.every(([topLeft, topRight, bottomRight, bottomLeft]) => topLeft === topRight && bottomLeft === bottomRight)) return null;
    const corner = (i) => halves.map((half) => half[i]).join(' / ');
    return `"border-start-start-radius: ${corner(0)}; border-start-end-radius: ${corner(1)}; border-end-end-radius: ${corner(2)}; border-end-start-radius: ${corner(3)}"`;
  }
  return null;
}

const rule = (primary) => (root, result) => {
  if (!stylelint.utils.validateOptions(result, ruleName, { actual: primary, possible: [true] })) return;
  root.walkDecls((decl) => {
    const logical = logicalForm(decl.prop, decl.value);
    if (logical) stylelint.utils.report({ message: messages.rejected(decl.prop, decl.value, logical), node: decl, result, ruleName, word: decl.prop });
  });
};
rule.ruleName = ruleName;
rule.messages = messages;

export default stylelint.createPlugin(ruleName, rule);
