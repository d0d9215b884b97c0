/**
 * /faq: every entry grouped by category, a category filter and a search over question, answer and
 * tags. Every answer is in the pre-rendered HTML and deep-linkable: /faq#<id> opens and scrolls to it,
 * and a link to an answer the filter hides clears the filter first.
 */
import { useTypedValue } from '@/components/use-typed-value';
import { useEffect, useId, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import faq from 'virtual:content/faq';
import { FAQ_CATEGORIES, type FaqCategory, type FaqEntry } from '@/content/schema';
import { categoryLabel } from '@/features/blog/format';
import { useStructuredData } from '@/head/page-head';
import { faqPage } from '@/head/structured-data';
import { hashId, openAnswer } from '@/runtime/details-links';

export function matchesQuery(entry: FaqEntry, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = [entry.question, entry.answer, ...entry.tags].join(' ').toLowerCase();
  return words.every((word) => haystack.includes(word));
}

export function FaqBrowser() {
  const [category, setCategory] = useState<FaqCategory | 'all'>('all');
  const [query, setQuery] = useState('');
  const searchRef = useTypedValue(setQuery);
  const searchId = useId();
  useStructuredData([faqPage(faq)]);

  useEffect(() => {
    // The page's runtime opens an answer that is on the page (src/runtime/details-links.ts).
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
  }, []);

  const visible = useMemo(() => faq.filter((e) => (category === 'all' || e.category === category) && matchesQuery(e, query)), [category, query]);

  return (
    <div className="faq not-prose">
      <div className="filters">
        <label htmlFor={searchId} className="field-label">
          Search the FAQ
        </label>
        <input
          ref={searchRef}
          id={searchId}
          type="search"
          className="input"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="e.g. shelf life, Incoterms, MOQ"
        />
        <div className="chips" role="group" aria-label="Filter by category">
          {(['all', ...FAQ_CATEGORIES] as const).map((c) => (
            <button key={c} type="button" className="chip" aria-pressed={category === c} onClick={() => setCategory(c)}>
              {c === 'all' ? 'All topics' : categoryLabel(c)}
            </button>
          ))}
        </div>
        <p role="status" className="result-count">
          {visible.length === faq.length ? `${faq.length} questions` : `${visible.length} of ${faq.length} questions match`}
        </p>
      </div>
      {FAQ_CATEGORIES.map((c) => {
        const entries = visible.filter((e) => e.category === c);
        if (!entries.length) return null;
        return (
          <section key={c} aria-labelledby={`faq-category-${c}`}>
            <h2 id={`faq-category-${c}`}>{categoryLabel(c)}</h2>
            {entries.map((entry) => (
              <details key={entry.id} id={entry.id} className="faq-item">
                <summary>{entry.question}</summary>
                <div className="faq-answer">
                  {entry.answer.split(/\n\s*\n/).map((p) => (
                    <p key={p.slice(0, 32)}>{p}</p>
                  ))}
                  <p className="faq-link">
                    <a href={`#${entry.id}`}>Link to this answer</a>
                  </p>
                </div>
              </details>
            ))}
          </section>
        );
      })}
      {visible.length === 0 && <p>No question matches “{query}”. Try another word, or ask our export desk through the contact page.</p>}
    </div>
  );
}
