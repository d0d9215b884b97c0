/**
 * Pre-render side of the islands: after the page itself is rendered, each island it placed is
 * rendered on its own root, exactly as the browser will hydrate it (same component, props, slot
 * and id prefix, so useId values agree), and put in place of its placeholder.
 *
 * The markup: <gb-island data-island="FaqBrowser" data-hydrate="idle" data-prefix="i0-"
 * data-props="{…}">…</gb-island>. gb-island is display: contents, so it adds no box.
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { recordPhotos } from '@/ui/components/ui/page-photos';
import { escapeMarkup } from '@/shared/escape-markup';
import { DEFAULT_LANGUAGE } from '@/shared/i18n/languages';
import type { IslandCollector, IslandModule } from './island';
import { IslandRoot } from './IslandRoot';
import { islandFile, islandNames } from './island-file';

const modules = import.meta.glob<IslandModule>('/src/browser/islands/*.tsx', { eager: true });

/** `locale`: the island's `locale` prop, which it has on a page in a language other than the default. */
function moduleOf(name: string, locale: unknown): IslandModule {
  const module = modules[islandFile(name, typeof locale === 'string' ? locale : DEFAULT_LANGUAGE.code, modules)];
  if (!module) throw new Error(`Unknown island "${name}": the islands are ${islandNames(modules).join(', ')} (files in src/browser/islands/)`);
  return module;
}

/**
 * Replaces every island placeholder in `html` with the rendered island. `wrap` supplies what the
 * page's own render had around it (the head, the current path), for islands that read them.
 */
export function renderIslands(html: string, collector: IslandCollector, wrap: (node: ReactNode) => ReactNode): string {
  let out = html;
  for (const { id, name, props, children } of collector.islands) {
    const module = moduleOf(name, props.locale);
    const prefix = `i${id}-`;
    const slot = children === undefined ? undefined : renderToStaticMarkup(wrap(children));
    const { result: inner, photos } = recordPhotos(() =>
      renderToString(wrap(<IslandRoot name={name} module={module} props={{ ...props, slot }} />), { identifierPrefix: prefix }),
    );
    const json = Object.keys(props).length ? ` data-props="${escapeMarkup(JSON.stringify(props))}"` : '';
    // The photos it drew, which the browser's scripts do not carry (components/ui/page-photos.ts).
    const drawn = Object.keys(photos).length ? ` data-photos="${escapeMarkup(JSON.stringify(photos))}"` : '';
    const wake = module.wakeOn ? ` data-wake="${escapeMarkup(module.wakeOn)}"` : '';
    const element = `<gb-island data-island="${name}" data-hydrate="${module.hydrate}"${wake} data-prefix="${prefix}"${json}${drawn}>${inner}</gb-island>`;
    const placeholder = `<gb-island data-id="${id}"></gb-island>`;
    if (!out.includes(placeholder)) throw new Error(`Island ${name} (#${id}) was not found in the rendered page`);
    out = out.replace(placeholder, () => element);
  }
  return out;
}
