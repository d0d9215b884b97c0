/**
 * The interface's words in the page's language (content/ui/<code>.yaml, checked by the content
 * loader to have every key of the default language's file), and the links between languages: a
 * link to a page translated into the page's language goes to that translation; one to a page
 * published in the default language only goes there and says so.
 */
import ui from 'virtual:content/ui';
import type { NavItem } from '@/build/content/schema';
import type { SiteTextKey } from '@/build/content/translations';
import { usePathname } from '@/ui/router/location';
import { site } from '@/shared/site';
import { DEFAULT_LANGUAGE, languageOf, pathIn } from '../../shared/i18n/languages';

type Strings = typeof ui.strings.en;

export { fill } from '../../shared/i18n/fill';

export function stringsFor(code: string): Strings {
  return (ui.strings[code] ?? ui.strings[DEFAULT_LANGUAGE.code]) as Strings;
}

/** The page's language and its words. */
export function useUi(): { code: string; strings: Strings } {
  const { code } = languageOf(usePathname());
  return { code, strings: stringsFor(code) };
}

/** A menu link's label in a language (the default language's labels are content/site.yaml's). */
export function navLabel(code: string, item: NavItem): string {
  if (code === DEFAULT_LANGUAGE.code) return item.name;
  return ui.navigation[code]?.[item.href] ?? item.name;
}

/** A figure's label of content/site.yaml `stats` in a language. */
export function statLabel(code: string, label: string): string {
  return ui.stats[code]?.[label] ?? label;
}

/** content/site.yaml's badges (certifications) named in a language. */
export function badgeNames(code: string): string[] {
  return ui.badges[code] ?? site.badges;
}

/** content/site.yaml's texts (description, hours, …) in a language: each key the other languages translate. */
export function siteText(code: string, key: SiteTextKey): string {
  const translated = code === DEFAULT_LANGUAGE.code ? undefined : ui.siteTexts[code]?.[key];
  if (translated) return translated;
  const english: Record<SiteTextKey, string> = {
    description: site.description,
    serviceType: site.serviceType,
    hours: site.contact.hours,
    copyright: site.copyright,
    whatsappMessage: site.contact.whatsappMessage,
    chatGreeting: site.contact.chatGreeting,
    place: `${site.address.locality}, ${site.address.region}, ${site.address.country}`,
  };
  return english[key];
}

/** Pages of code that every language has (the site search's, src/ui/pages/search.tsx and its translations), which the content's lists do not name. */
const IN_EVERY_LANGUAGE: readonly string[] = ['/search'];

/** Whether a page of the default language has a translation in `code`. */
export function isTranslated(code: string, defaultPath: string): boolean {
  return code === DEFAULT_LANGUAGE.code || IN_EVERY_LANGUAGE.includes(defaultPath) || (ui.translated[code]?.includes(defaultPath) ?? false);
}

/**
 * Where an internal link of a page in `code` leads: the translation where there is one, else the
 * default language's page, marked (`otherLanguage`) so the link can say so. Anchors and queries stay.
 */
export function localHref(code: string, href: string): { href: string; otherLanguage: boolean } {
  if (code === DEFAULT_LANGUAGE.code || !href.startsWith('/') || href.startsWith('//')) return { href, otherLanguage: false };
  const [, path, rest] = /^([^?#]*)(.*)$/.exec(href) ?? [href, href, ''];
  const clean = path.replace(/(.)\/+$/, '$1') || '/';
  if (isTranslated(code, clean)) return { href: pathIn(code, clean) + rest, otherLanguage: false };
  return { href, otherLanguage: true };
}
