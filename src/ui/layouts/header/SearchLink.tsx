/**
 * The header's way to the site search, on every public page: a plain link to the language's search
 * page, so it works without script and adds a few bytes to each page. The page's runtime
 * (src/browser/runtime/search-entry.ts) turns it into the search box when a visitor reaches for it. On
 * wide screens only: a phone's header row has no room for a third button, and the mobile menu
 * (src/browser/runtime/menu-panels.ts) carries the same link.
 */
import { pathIn } from '@/shared/i18n/languages';
import { useUi } from '@/ui/i18n/ui';

export function SearchLink() {
  const { code, strings } = useUi();
  return (
    <a href={pathIn(code, '/search')} className="icon-button desktop-only" aria-label={strings.search.open} data-search-open>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
        <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M10.5 17a6.5 6.5 0 1 1 0-13 6.5 6.5 0 0 1 0 13zM15.5 15.5 20 20" />
      </svg>
    </a>
  );
}
