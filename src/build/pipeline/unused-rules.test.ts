/** The inlined stylesheet less the rules nothing on the page can match: neither its markup nor a script it may run. */
import { describe, expect, it } from 'vitest';
import { dropUnusedRules } from './unused-rules';

/** A build's scripts: the entry (with the islands' loaders, as the bundler writes them) and its chunks. */
const ASSETS: Record<string, string> = {
  '/assets/index-a1.js': [
    'import{t as e}from"./shared-b2.js";',
    'const l={"/src/browser/islands/BlogList.tsx":()=>m(()=>import(`./BlogList-c3.js`),[]),"/src/browser/islands/FaqBrowser.tsx":()=>m(()=>import(`./FaqBrowser-d4.js`),[]),"/src/browser/islands/FaqBrowser.de.tsx":()=>m(()=>import(`./FaqBrowser.de-f6.js`),[])};',
    'function o(){return import(`./menu-panels-e5.js`)}',
  ].join(''),
  '/assets/shared-b2.js': 'export const t=(n)=>`<div class="img-failed ${n}"></div>`;',
  '/assets/menu-panels-e5.js': 'export function p(k){return `<ul class="menu-panel-list"><li class="chip-${k}"></li></ul>`}',
  '/assets/BlogList-c3.js': 'export default (i)=>({className:"post-grid",bar:`chart-bar chart-s${i%5+1}`});',
  '/assets/FaqBrowser-d4.js': 'export default ()=>({className:"faq-item"});',
  // A language's own file of the same island (src/browser/runtime/islands/island-file.ts).
  '/assets/FaqBrowser.de-f6.js': 'export default ()=>({className:"faq-answer-de"});',
};
const read = (sitePath: string) => {
  const code = ASSETS[sitePath];
  if (code === undefined) throw new Error(`no ${sitePath}`);
  return code;
};

const CSS = [
  '.card{color:red}',
  '.breadcrumbs ol{margin:0}',
  '.img-failed{border:1px solid}',
  '.menu-panel-list{padding:0}',
  '.chip-on{color:green}',
  '.post-grid{display:grid}',
  '.chart-s3{fill:blue}',
  '.faq-item{margin:0}',
  '.faq-answer-de{margin:0}',
  '.card,.tags li{padding:0}',
  '.tags,.post-cover{display:flex}',
  '@media (width>=40rem){.facts>div{display:grid}.card>p{margin:0}}',
  '@media print{.facts{display:none}}',
  ':where(.prose-page) li{margin:0}',
  ':is(.tags,.card) p{margin:0}',
  '.card:not(.featured){opacity:1}',
  'a[href$=".pdf"]:after{content:"{pdf}"}',
  '@font-face{font-family:X;src:url(/x.woff2)}',
  'body{margin:0}',
].join('');

const page = (body: string, entry = '<script data-entry="/assets/index-a1.js"></script>') =>
  `<!doctype html><html><head><style>${CSS}</style></head><body>${body}${entry}</body></html>`;
const styleOf = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';

describe('dropUnusedRules', () => {
  it("drops the rules whose every selector needs a class that neither the markup nor the page's scripts can add", () => {
    const css = styleOf(
      dropUnusedRules(page('<main><article class="card"><p>Garlic</p></article></main><gb-island data-island="BlogList"></gb-island>'), read),
    );
    // In the markup; in the entry's chunks (a class built from parts counts by its start); in the chunk of an island on the page.
    for (const kept of [
      '.card{',
      '.img-failed{',
      '.menu-panel-list{',
      '.chip-on{',
      '.post-grid{',
      // Built by a template whose literal part ends in no '-': `chart-s${i % 5 + 1}`.
      '.chart-s3{',
      '.card,.tags li{',
      '.card>p{',
      ':is(.tags,.card) p{',
      '.card:not(.featured){',
      'a[href$=".pdf"]:after{content:"{pdf}"}',
      '@font-face{',
      'body{margin:0}',
    ])
      expect(css, kept).toContain(kept);
    // Nowhere on the page or in its scripts: the FAQ's island is not on it, so its chunk does not count.
    for (const dropped of ['.breadcrumbs', ':where(.prose-page)', '.faq-item', '.faq-answer-de', '.tags,.post-cover', '.facts'])
      expect(css, dropped).not.toContain(dropped);
    // An at-rule left without rules goes; one with rules left keeps them.
    expect(css).not.toContain('@media print');
    expect(css).toContain('@media (width>=40rem){.card>p{margin:0}}');
  });

  it('prunes the same sheet for each page by what that page has, however many pages came before', () => {
    const prune = (body: string) => styleOf(dropUnusedRules(page(body), read));
    const card = '<main><article class="card"><p>Garlic</p></article></main>';
    const breadcrumbs = '<main><nav class="breadcrumbs"><ol></ol></nav></main>';
    const first = prune(card);
    expect(prune(breadcrumbs)).toContain('.breadcrumbs ol{');
    expect(prune(breadcrumbs)).not.toContain('.card{');
    // A page of the first kind again: as the first was, with nothing of the page between.
    expect(prune(card)).toBe(first);
    expect(prune(`${card}<gb-island data-island="FaqBrowser"></gb-island>`)).toContain('.faq-item{');
    expect(prune(card)).not.toContain('.faq-item{');
  });

  it('keeps every rule of a page that names no built entry script (the dev server serves the sources)', () => {
    const html = page('<main></main>', '<script type="module" src="/src/main.ts"></script>');
    expect(dropUnusedRules(html, read)).toBe(html);
  });
});
