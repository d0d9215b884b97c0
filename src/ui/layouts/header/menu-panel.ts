/**
 * The header's menu panels, named in the markup (`data-menu-panel`) so the browser knows which
 * one to build into each empty container: the Products dropdown, the More dropdown, and the
 * full-screen mobile menu.
 */
export type MenuPanel = 'products' | 'more' | 'mobile';
