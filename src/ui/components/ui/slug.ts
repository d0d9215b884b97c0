/** Stable ids for headings and anchors: "Shelf life & storage" → "shelf-life-storage". */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * An id for a heading in any language: its words lower-cased and joined by hyphens, letters of
 * every script kept ("Unsere Geschichte" → "unsere-geschichte", "قصتنا" → "قصتنا"), accents and
 * Arabic vowel marks left out. File names and categories keep to slugify's ASCII.
 */
export function anchorId(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** The plain text of React children, for ids derived from headings. */
export function textOf(node: unknown): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (node && typeof node === 'object' && 'props' in node) return textOf((node as { props: { children?: unknown } }).props.children);
  return '';
}
