/**
 * Isolates figures and codes in the prose of right-to-left pages. In Arabic text a figure such as
 * "80-120 mesh", "2-3" or "0.55-0.70 g/ml" takes the sentence's direction and shows reversed
 * ("120-80"), because digits after Arabic letters are laid out as Arabic numbers; inside
 * `<bdi dir="ltr">` each reads as written while the sentence keeps its own order. Plain numbers
 * ("12") and Latin words ("FOB", "Incoterms") need nothing and get nothing (src/shared/i18n/ltr-runs.ts
 * decides), so the page carries no byte more than it must. Code, preformatted text and what an
 * editor already isolated are left alone.
 *
 * A component's text attributes (a figure's `caption` and `alt`, a card's `title`) cannot hold an
 * element: there each such run is put between Unicode's isolates instead, which do the same.
 */
import { element, replaceText, type HastNode, type HastParent } from '../../shared/i18n/hast-text.ts';
import { isolateLtrRuns, ltrRuns, needsIsolation } from '../../shared/i18n/ltr-runs.ts';

const LEFT_ALONE = new Set(['code', 'pre', 'kbd', 'samp', 'bdi', 'bdo', 'script', 'style']);
/** Component attributes that hold an address or a name, not words. */
const NOT_WORDS = new Set(['src', 'href', 'to', 'id', 'name', 'className']);

const isolated = (text: string): HastNode[] =>
  ltrRuns(text).map((part) => (part.ltr && needsIsolation(part.text) ? element('bdi', { dir: 'ltr' }, part.text) : { type: 'text', value: part.text }));

/** A component's (mdxJsxFlowElement, mdxJsxTextElement) attributes written as plain strings. */
function isolateAttributes(node: HastParent): void {
  for (const attribute of node.attributes ?? []) {
    if (attribute.type === 'mdxJsxAttribute' && typeof attribute.value === 'string' && !NOT_WORDS.has(attribute.name ?? '')) {
      attribute.value = isolateLtrRuns(attribute.value);
    }
  }
}

/**
 * The rehype plugin for MDX: `folders` are the content folders of the right-to-left languages
 * (e.g. content/ar/); files elsewhere are not touched.
 */
export function rehypeIsolateLtr({ folders }: { folders: string[] }) {
  return () => (tree: HastParent, file: { path?: string }) => {
    const at = (file.path ?? '').split('\\').join('/');
    if (folders.some((folder) => at.includes(`/${folder.replace(/\/?$/, '/')}`))) replaceText(tree, LEFT_ALONE, isolated, isolateAttributes);
  };
}
