/**
 * Keeps each run of joined figures in the prose of every page on one line: "80-120", "2–3",
 * "ISO 21527-2" in `<span class="nobr">` (src/shared/i18n/joined-figures.ts decides), so no line
 * ends in "80-" with "120 mesh" on the next. Runs after the right-to-left isolation, so in Arabic
 * the span sits inside the run's `<bdi>`. Code and preformatted text are left alone. A component's
 * text attributes (a figure's `caption`) cannot hold an element: the component keeps those whole
 * itself (src/ui/i18n/WholeFigures.tsx). Used by the build's MDX and by the posts added in the admin.
 */
import { element, replaceText, type HastNode, type HastParent } from './hast-text.ts';
import { joinedFigures, NO_BREAK_CLASS } from './joined-figures.ts';

const LEFT_ALONE = new Set(['code', 'pre', 'kbd', 'samp', 'script', 'style']);

const kept = (text: string): HastNode[] =>
  joinedFigures(text).map((part) => (part.whole ? element('span', { className: [NO_BREAK_CLASS] }, part.text) : { type: 'text', value: part.text }));

/** The rehype plugin. */
export function rehypeWholeFigures() {
  return (tree: HastParent) => replaceText(tree, LEFT_ALONE, kept);
}
