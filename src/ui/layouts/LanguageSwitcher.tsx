/**
 * The language switcher: plain links (they work without JavaScript) in every language's own
 * name, each to this page in that language; a language this page is not published in is shown
 * as unavailable. The not-found page links to each language's home page. In the header it is a
 * disclosure (`<details>`, no script needed) under the current language's code, so it takes the
 * room of one button; in the footer, a list.
 */
import { LANGUAGES, defaultPathOf, languageOf, pathIn } from '@/shared/i18n/languages';
import { fill, isTranslated, stringsFor } from '@/ui/i18n/ui';
import { NOT_FOUND_URL } from '@/build/pipeline/server-bundle';
import { usePathname } from '@/ui/router/location';

export function LanguageSwitcher({ className, compact = false }: { className?: string; compact?: boolean }) {
  const pathname = usePathname();
  const { code } = languageOf(pathname);
  const strings = stringsFor(code);
  const base = defaultPathOf(pathname);
  const notFound = base === NOT_FOUND_URL;
  const list = (
    <ul>
      {LANGUAGES.map((language) => {
        const target = notFound ? pathIn(language.code, '/') : pathIn(language.code, base);
        if (language.code === code)
          return (
            <li key={language.code}>
              <a href={target} hrefLang={language.code} lang={language.code} aria-current="true">
                {language.name}
              </a>
            </li>
          );
        if (!notFound && !isTranslated(language.code, base))
          return (
            <li key={language.code}>
              <span className="language-unavailable" lang={language.code}>
                {language.name}
                <span className="visually-hidden" lang={code}>
                  {` (${fill(strings.language.unavailable, { language: language.name })})`}
                </span>
              </span>
            </li>
          );
        return (
          <li key={language.code}>
            <a href={target} hrefLang={language.code} lang={language.code}>
              {language.name}
            </a>
          </li>
        );
      })}
    </ul>
  );
  const classes = ['language-switcher', compact && 'language-menu', className].filter(Boolean).join(' ');
  return (
    <nav aria-label={strings.language.label} className={classes} data-language-switcher>
      {compact ? (
        <details>
          <summary>
            <span aria-hidden="true">{code.toUpperCase()}</span>
            <span className="visually-hidden">{strings.language.label}</span>
          </summary>
          {list}
        </details>
      ) : (
        list
      )}
    </nav>
  );
}
