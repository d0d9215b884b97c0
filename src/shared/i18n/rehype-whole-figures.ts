/**
 * Keeps each run of joined figures in the prose of every page on one line: "80-120", "2–3",
 * "ISO 21527-2" in `<span class="nobr">` (src/shared/i18n/joined-figures.ts decides), so no line
 * ends in "80-" with "120 mesh" on the next. Runs after the right-to-left isolation, so in Arabic
 * the span sits inside the run's `<bdi>`. Code and preformatted text are left alone. A component's
 * text attributes (a figure's `caption`) cannot hold an element: the component keeps those whole
 * itself (src/ui/i18n/WholeFigures.tsx). Used by the build's MDX and by the posts added in the admin.
 */
import { joinedFigures, NO_BREAK_CLASS } from './joined-figures.ts';

interface Text {
  type: 'text';
  value: string;
}
interface Parent {
  type: string;
  tagName?: string;
  name?: string | null;
  children?: Node[];
}
type Node = Text | Parent;

const LEFT_ALONE = new Set(['code', 'pre', 'kbd', 'samp', 'script', 'style']);

function kept(text: string): Node[] {
  return joinedFigures(text).map((part) =>
    part.whole
      ? ({ type: 'element', tagName: 'span', properties: { className: [NO_BREAK_CLASS] }, children: [{ type: 'text', value: part.text }] } as Parent)
      : ({ type: 'text', value: part.text } as Text),
  );
}

function walk(node: Parent): void {
  if (!node.children) return;
  node.children = node.children.flatMap((child) => {
    if (child.type === 'text') return kept((child as Text).value);
    const parent = child as Parent;
    if (!LEFT_ALONE.has(parent.tagName ?? parent.name ?? '')) walk(parent);
    return [child];
  });
}

/** The rehype plugin for MDX. */
export function rehypeWholeFigures() {
  return (tree: Parent) => walk(tree);
}
