/**
 * /faq: every entry grouped by category, a category filter and a search over question, answer and
 * tags. Every answer is in the pre-rendered HTML and deep-linkable: /faq#<id> opens and scrolls to it,
 * and a link to an answer the filter hides clears the filter first.
 */
import { FilterBar } from '@/ui/components/FilterBar';
import { matchesEveryWord } from '@/ui/components/match-words';
import { useEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { FAQ_CATEGORIES, type FaqCategory, type FaqEntry } from '@/build/content/schema';
import { useStructuredData } from '@/ui/head/page-head';
import { DEFAULT_LANGUAGE } from '@/shared/i18n/languages';
import { fill, stringsFor } from '@/ui/i18n/ui';
import { WholeFigures } from '@/ui/i18n/WholeFigures';
import { faqPage } from '@/ui/head/structured-data';
import { hashId, openAnswer } from '@/browser/runtime/details-links';

const matchesQuery = (entry: FaqEntry, query: string) => matchesEveryWord([entry.question, entry.answer, ...entry.tags], query);

/**
 * `faq`: the page's language's entries (its island file brings them: src/browser/islands/).
 * `locale`: the page's language, given to islands on pages in a language other than the default.
 */
export function FaqBrowser({ faq, locale = DEFAULT_LANGUAGE.code }: { faq: FaqEntry[]; locale?: string }) {
  const words = stringsFor(locale).faq;
  const chips = [{ value: 'all' as const, label: words.allTopics }, ...FAQ_CATEGORIES.map((c) => ({ value: c, label: words[c] }))];
  const [category, setCategory] = useState<FaqCategory | 'all'>('all');
  const [query, setQuery] = useState('');
  useStructuredData([faqPage(faq)]);

  useEffect(() => {
    // The page's runtime opens an answer that is on the page (src/browser/runtime/details-links.ts).
    const onHashChange = () => {
      const id = hashId();
      if (document.getElementById(id) || !faq.some((entry) => entry.id === id)) return;
      // The filter or search hides that answer: clear them (rendered at once), then open it.
      flushSync(() => {
        setCategory('all');
        setQuery('');
      });
      openAnswer(id);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [faq]);

  const visible = useMemo(() => faq.filter((e) => (category === 'all' || e.category === category) && matchesQuery(e, query)), [faq, category, query]);

  return (
    <div className="faq not-prose">
      <FilterBar
        searchLabel={words.searchLabel}
        placeholder={words.placeholder}
        chipsLabel={words.filterLabel}
        query={query}
        onQueryChange={setQuery}
        chips={chips}
        chosen={category}
        onChoose={setCategory}
        status={visible.length === faq.length ? fill(words.count, { count: faq.length }) : fill(words.matches, { shown: visible.length, count: faq.length })}
      />
      {FAQ_CATEGORIES.map((c) => {
        const entries = visible.filter((e) => e.category === c);
        if (!entries.length) return null;
        return (
          <section key={c} aria-labelledby={`faq-category-${c}`}>
            <h2 id={`faq-category-${c}`}>{words[c]}</h2>
            {entries.map((entry) => (
              <details key={entry.id} id={entry.id} className="faq-item">
                <summary>{entry.question}</summary>
                <div className="faq-answer">
                  {entry.answer.split(/\n\s*\n/).map((p) => (
                    <p key={p.slice(0, 32)}>
                      <WholeFigures text={p} />
                    </p>
                  ))}
                  <p className="faq-link">
                    <a href={`#${entry.id}`}>{words.linkToAnswer}</a>
                  </p>
                </div>
              </details>
            ))}
          </section>
        );
      })}
      {visible.length === 0 && <p>{fill(words.noMatch, { query })}</p>}
    </div>
  );
}
