/** What the search index names sections with (search-pages.ts), from the content the build has loaded. */
import type { Content } from '@/build/content/load';
import type { SearchSite } from './search-pages';

type Words = SearchSite['ui'][string];

export function searchSite(content: Pick<Content, 'site' | 'ui' | 'faq' | 'translations'>): SearchSite {
  const { site, ui } = content;
  const tagsOf = (entries: Content['faq']) => Object.fromEntries(entries.map((entry) => [entry.id, entry.tags]));
  const faqTags: SearchSite['faqTags'] = { [site.languages[0].code]: tagsOf(content.faq) };
  for (const translation of content.translations) faqTags[translation.language.code] = tagsOf(translation.faq);
  const labels: Record<string, string> = {};
  for (const group of [site.navigation.primary, site.navigation.products, site.navigation.company, site.navigation.resources])
    for (const item of group) labels[item.href] = item.name;
  return {
    languages: site.languages.map((language) => language.code),
    rightToLeft: site.languages.filter((language) => language.dir === 'rtl').map((language) => language.code),
    navigation: site.navigation,
    ui: ui as unknown as Record<string, Words>,
    labels,
    faqTags,
  };
}
