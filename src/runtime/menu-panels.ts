/**
 * Builds the header menus' panels into the empty containers the page has for them
 * (`[data-menu-panel]`: the Products and More dropdowns, the mobile menu's dialog) and adds their
 * stylesheet. Only script opens those panels, so the pages leave them out: every page's HTML is
 * smaller (it must fit a new connection's first round trip) and has fewer elements to lay out
 * before its first paint. Loaded on demand by src/runtime/menus.ts, the first time a visitor
 * reaches for a menu.
 */
import navigation from 'virtual:content/navigation';
import { isCurrent } from '@/layouts/header/is-current';
import type { MenuPanel } from '@/layouts/header/menu-panel';
import { escapeMarkup as escape } from '@/escape-markup';
import css from '@/styles/script/menus.css?inline';
import { addStyleSheet } from './style-sheet';

interface Link {
  name: string;
  href: string;
}

function link({ name, href }: Link, className = ''): string {
  const current = isCurrent(location.pathname, href) ? ' aria-current="page"' : '';
  const cls = className ? ` class="${className}"` : '';
  return `<a href="${escape(href)}"${cls}${current}>${escape(name)}</a>`;
}

const MORE_GROUPS = [
  { title: 'Company', items: navigation.company },
  { title: 'Resources', items: navigation.resources },
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
          ? `<ul class="mobile-list mobile-sub-list" aria-label="Products">${products.map((p) => `<li class="mobile-sub">${link(p)}</li>`).join('')}</ul>`
          : '';
      return `<li>${link(item)}${sub}</li>`;
    })
    .join('');
  const more = MORE_GROUPS.map(({ title, items }) => {
    const titleId = `${moreId}-${title}`;
    const list = items.map((item) => `<li>${link(item)}</li>`).join('');
    return `<div><p class="dropdown-group-title" id="${titleId}">${title}</p><ul class="mobile-list" aria-labelledby="${titleId}">${list}</ul></div>`;
  }).join('');
  // 'Login' or 'Admin': CSS shows the one that matches <html data-admin>, as in the header.
  const actions =
    link({ name: 'Investor Portal', href: '/investors' }, 'btn btn-secondary') +
    link({ name: 'Login', href: '/admin/login' }, 'btn btn-primary when-admin-signed-out') +
    link({ name: 'Admin', href: '/admin' }, 'btn btn-primary when-admin-signed-in');
  return (
    `<div class="mobile-panel-bar"><span class="mobile-panel-title" aria-hidden="true">${escape(navigation.siteName)}</span>` +
    `<button type="button" class="icon-button" aria-label="Close menu" data-menu-close>${CLOSE_ICON}</button></div>` +
    `<nav aria-label="Mobile"><ul class="mobile-list">${primary}</ul>` +
    `<button type="button" class="mobile-more" aria-expanded="false" aria-controls="${moreId}" data-toggle>More</button>` +
    `<div id="${moreId}" hidden>${more}</div><div class="mobile-actions">${actions}</div></nav>`
  );
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
