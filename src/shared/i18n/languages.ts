/**
 * The languages of the site (content/site.yaml `languages`) and where each page is in each: the
 * default language has no prefix (/about), every other is under /<code>/ (/de/about). Used by the
 * page render, the head and the runtime alike; no React here.
 */
import type { Language } from '@/build/content/schema';
import { site } from '@/shared/site';
import { prefixedPath } from './prefix';

export const LANGUAGES: Language[] = site.languages;
export const DEFAULT_LANGUAGE: Language = LANGUAGES[0];

/** The language a site path is in: its prefix, or the default language. */
export function languageOf(pathname: string): Language {
  const code = /^\/([a-z]{2})(?=\/|$)/.exec(pathname)?.[1];
  return LANGUAGES.find((language) => language.code === code && language !== DEFAULT_LANGUAGE) ?? DEFAULT_LANGUAGE;
}

/** The default language's path of a page in any language: /de/about → /about, /de → /. */
export function defaultPathOf(pathname: string): string {
  const language = languageOf(pathname);
  if (language === DEFAULT_LANGUAGE) return pathname;
  return pathname.slice(language.code.length + 1) || '/';
}

/** Where a page of the default language is in another: /about → /de/about, / → /de. */
export function pathIn(code: string, defaultPath: string): string {
  return prefixedPath(DEFAULT_LANGUAGE.code, code, defaultPath);
}
