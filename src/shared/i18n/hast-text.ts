/**
 * The text of an MDX or markdown page's tree (hast), for the rehype steps that put markup around
 * runs of it (rehype-whole-figures.ts, src/build/content/rehype-isolate-ltr.ts). No library: the
 * steps need only these fields.
 */
export interface HastText {
  type: 'text';
  value: string;
}
export interface HastAttribute {
  type: string;
  name?: string;
  value?: unknown;
}
export interface HastParent {
  type: string;
  tagName?: string;
  name?: string | null;
  properties?: Record<string, unknown>;
  attributes?: HastAttribute[];
  children?: HastNode[];
}
export type HastNode = HastText | HastParent;

/** An element holding one text. */
export const element = (tagName: string, properties: Record<string, unknown>, text: string): HastParent => ({
  type: 'element',
  tagName,
  properties,
  children: [{ type: 'text', value: text }],
});

/**
 * Replaces every text under `node` with what `replace` makes of it, except inside the elements
 * and components named in `leftAlone`; `visit` sees every other element or component on the way.
 */
export function replaceText(
  node: HastParent,
  leftAlone: ReadonlySet<string>,
  replace: (text: string) => HastNode[],
  visit: (parent: HastParent) => void = () => {},
): void {
  if (!node.children) return;
  node.children = node.children.flatMap((child) => {
    if (child.type === 'text') return replace((child as HastText).value);
    const parent = child as HastParent;
    if (leftAlone.has(parent.tagName ?? parent.name ?? '')) return [child];
    visit(parent);
    replaceText(parent, leftAlone, replace, visit);
    return [child];
  });
}
