/**
 * The search page of each language (/search, /de/search, /ar/search): a form whose query is the
 * page's address (`?q=`), so a list of results can be shared and the back button returns to it.
 * The page's script (src/browser/runtime/search/) answers in the browser; the site's own server answers
 * without JavaScript, writing the results where the note below stands (src/server/search/); on a
 * static host without JavaScript the note says that search needs it there.
 */
import { LANGUAGES, pathIn } from '@/shared/i18n/languages';
import { useUi } from '@/ui/i18n/ui';
import { usePageHead } from '@/ui/head/page-head';

export function SearchPage() {
  const { code, strings } = useUi();
  const words = strings.search;
  const path = pathIn(code, '/search');
  usePageHead({
    title: words.title,
    description: words.description,
    path,
    // A page of answers to a query, not of copy: search engines list the pages themselves.
    noindex: true,
    alternates: LANGUAGES.map((language) => ({ code: language.code, path: pathIn(language.code, '/search') })),
  });
  return (
    <div className="page prose-page search-page">
      <h1>{words.title}</h1>
      <form role="search" action={path} method="get" className="filters search-form" data-search-form={code}>
        <label htmlFor="search-query" className="field-label">
          {words.label}
        </label>
        <div className="search-row">
          <input id="search-query" type="search" name="q" className="input" placeholder={words.placeholder} autoComplete="off" enterKeyHint="search" />
          <button type="submit" className="btn btn-primary">
            {words.submit}
          </button>
        </div>
      </form>
      <p role="status" className="result-count" data-search-status />
      <div className="search-results" data-search-results>
        <p className="search-note">{words.needsScript}</p>
      </div>
    </div>
  );
}
