/**
 * How the site's MDX is compiled (@mdx-js/rollup's options), in one place: the dev server compiles
 * with them in its own thread, the build in its MDX threads (src/build/pipeline/mdx-threads.ts).
 */
import type { Options } from '@mdx-js/rollup';
import remarkGfm from 'remark-gfm';
import { rehypeWholeFigures } from '../../shared/i18n/rehype-whole-figures.ts';
import { rehypeIsolateLtr } from './rehype-isolate-ltr.ts';
import { remarkFigureRows } from './remark-figure-rows.ts';

/** `rightToLeft`: the codes of the languages written right to left (their content is under content/<code>/). */
export function mdxOptions(rightToLeft: readonly string[]): Options {
  return {
    // Figures that follow one another share a row, decided in the markup (no re-layout as the page arrives).
    remarkPlugins: [remarkGfm, remarkFigureRows],
    // Figures and codes in the prose of right-to-left pages read left to right; joined figures
    // ("80-120") stay on one line, in every language.
    rehypePlugins: [rehypeIsolateLtr({ folders: rightToLeft.map((code) => `content/${code}/`) }), rehypeWholeFigures],
  };
}
