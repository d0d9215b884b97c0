/**
 * Builds the header menus' panels into the empty containers the page has for them
 * (`[data-menu-panel]`: the Products and More dropdowns, the mobile menu's dialog) and adds their
 * stylesheet. Only script opens those panels, so the pages leave them out: every page's HTML is
 * smaller (it must fit a new connection's first round trip) and has fewer elements to lay out
 * before its first paint. Loaded on demand by src/browser/runtime/menus.ts, the first time a visitor
 * reaches for a menu.
 */
import navigation from 'virtual:content/navigation';
import { isCurrent } from '@/ui/layouts/header/is-current';
import type { MenuPanel } from '@/ui/layouts/header/menu-panel';
import { escapeMarkup as escape } from '@/shared/escape-markup';
import css from '@/ui/styles/script/menus.css?inline';
import { prefixedPath } from '@/shared/i18n/prefix';
import { addStyleSheet } from './style-sheet';

interface Link {
  name: string;
  href: string;
}

/** The page's language's menus: its labels, its pages and its words; the default language's where it has none. */
const languageCodes = Object.keys(navigation.languages);
const defaultCode = languageCodes[0];
const menus = navigation.languages[document.documentElement.lang] ?? navigation.languages[defaultCode];
const code = navigation.languages[document.documentElement.lang] ? document.documentElement.lang : defaultCode;
const words = menus.words;

/** A menu link in the page's language: to the translation where there is one, else to the default language's page (hreflang says so). */
function link({ name, href }: Link, className = ''): string {
  const translated = menus.translated === null || menus.translated.includes(href);
  const target = translated ? prefixedPath(defaultCode, code, href) : href;
  const current = isCurrent(location.pathname, target) ? ' aria-current="page"' : '';
  const cls = className ? ` class="${className}"` : '';
  const lang = translated ? '' : ` hreflang="${defaultCode}"`;
  return `<a href="${escape(target)}"${cls}${current}${lang}>${escape(menus.labels[href] ?? name)}</a>`;
}

const MORE_GROUPS = [
  { title: words.company, items: navigation.company },
  { title: words.resources, items: navigation.resources },
];

/** A dropdown's link groups; a titled group's list is named by its title. */
function dropdown(panelId: string, groups: { title?: string; items: Link[] }[]): string {
  return groups
    .map(({ title, items }, index) => {
      const titleId = `${panelId}-group-${index}`;
      const heading = title ? `<p class="dropdown-group-title" id="${titleId}">${escape(title)}</p>` : '';
      const list = items.map((item) => `<li>${link(item, 'dropdown-link')}</li>`).join('');
      return `<div class="dropdown-group">${heading}<ul${title ? ` aria-labelledby="${titleId}"` : ''}>${list}</ul></div>`;
    })
    .join('');
}

const CLOSE_ICON =
  '<svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24"><path stroke="currentColor" stroke-width="2" stroke-linecap="round" d="M6 6l12 12M18 6L6 18"/></svg>';

/** The mobile menu: every primary link (Products with its products under it), 'More' collapsed, and the portal buttons. */
function mobile(dialogId: string): string {
  const moreId = `${dialogId}-more`;
  const products = navigation.products.filter((product) => product.href !== '/products');
  const primary = navigation.primary
    .map((item) => {
      const sub =
        item.href === '/products'
          ? `<ul class="mobile-list mobile-sub-list" aria-label="${escape(menus.labels[item.href] ?? item.name)}">${products.map((p) => `<li class="mobile-sub">${link(p)}</li>`).join('')}</ul>`
          : '';
      return `<li>${link(item)}${sub}</li>`;
    })
    .join('');
  const more = MORE_GROUPS.map(({ title, items }, index) => {
    const titleId = `${moreId}-${index}`;
    const list = items.map((item) => `<li>${link(item)}</li>`).join('');
    return `<div><p class="dropdown-group-title" id="${titleId}">${escape(title)}</p><ul class="mobile-list" aria-labelledby="${titleId}">${list}</ul></div>`;
  }).join('');
  // 'Login' or 'Admin': CSS shows the one that matches <html data-admin>, as in the header.
  const actions =
    searchLink() +
    link({ name: words.investorPortal, href: '/investors' }, 'btn btn-secondary') +
    link({ name: words.login, href: '/admin/login' }, 'btn btn-primary when-admin-signed-out') +
    link({ name: words.admin, href: '/admin' }, 'btn btn-primary when-admin-signed-in');
  return (
    `<div class="mobile-panel-bar"><span class="mobile-panel-title" aria-hidden="true">${escape(navigation.siteName)}</span>` +
    `<button type="button" class="icon-button" aria-label="${escape(words.closeMenu)}" data-menu-close>${CLOSE_ICON}</button></div>` +
    `<nav aria-label="Mobile"><ul class="mobile-list">${primary}</ul>` +
    `<button type="button" class="mobile-more" aria-expanded="false" aria-controls="${moreId}" data-toggle>${escape(words.more)}</button>` +
    `<div id="${moreId}" hidden>${more}</div><div class="mobile-actions">${actions}</div></nav>` +
    languageLinks()
  );
}

/** The header's search link (its label and address are in the page's language), for the mobile menu: it leads to the search page. */
function searchLink(): string {
  const header = document.querySelector('a[data-search-open]');
  return header
    ? `<a href="${escape(header.getAttribute('href') ?? '')}" class="btn btn-secondary">${escape(header.getAttribute('aria-label') ?? '')}</a>`
    : '';
}

/** The header's language links (the same page in each language), for the mobile menu: the header shows them on wide screens only. */
function languageLinks(): string {
  const menu = document.querySelector('.language-menu');
  const list = menu?.querySelector('ul');
  return menu && list
    ? `<nav class="language-switcher mobile-languages" aria-label="${escape(menu.getAttribute('aria-label') ?? '')}">${list.outerHTML}</nav>`
    : '';
}

const PANELS: Record<MenuPanel, (id: string) => string> = {
  products: (id) => dropdown(id, [{ items: navigation.products }]),
  more: (id) => dropdown(id, MORE_GROUPS),
  mobile,
};

/** Fills every empty menu panel on the page; a second call finds nothing left to do. */
export function buildMenuPanels(): void {
  addStyleSheet('menus', css);
  for (const panel of document.querySelectorAll<HTMLElement>('[data-menu-panel]')) {
    const build = PANELS[panel.dataset.menuPanel as MenuPanel];
    if (build && !panel.hasChildNodes()) panel.innerHTML = build(panel.id);
  }
}
