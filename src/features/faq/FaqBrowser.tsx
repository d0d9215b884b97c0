/**
 * /faq: every entry grouped by category, a category filter and a search over question, answer and
 * tags. Every answer is in the pre-rendered HTML and deep-linkable: /faq#<id> opens and scrolls to it.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import faq from 'virtual:content/faq';
import { FAQ_CATEGORIES, type FaqCategory, type FaqEntry } from '@/content/schema';
import { categoryLabel } from '@/features/blog/format';
import { useStructuredData } from '@/head/page-head';
import { faqPage } from '@/head/structured-data';

export function matchesQuery(entry: FaqEntry, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = [entry.question, entry.answer, ...entry.tags].join(' ').toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** The entry id in the URL hash; a malformed escape (/faq#%ZZ) is taken as written, not thrown. */
function hashId(): string {
  const hash = window.location.hash.slice(1);
  try {
    return decodeURIComponent(hash);
  } catch {
    return hash;
  }
}

/** Opens and scrolls to the answer; false when it is not on the page. */
function openAnswer(id: string): boolean {
  const target = id ? document.getElementById(id) : null;
  if (!(target instanceof HTMLDetailsElement)) return false;
  target.open = true;
  target.scrollIntoView({ block: 'start' });
  target.querySelector('summary')?.focus({ preventScroll: true });
  // Web fonts may still swap in and lengthen the text above the answer: scroll again once they
  // are ready, unless the visitor has scrolled in the meantime.
  const scrolledTo = window.scrollY;
  void document.fonts?.ready.then(() => {
    if (Math.abs(window.scrollY - scrolledTo) < 2) target.scrollIntoView({ block: 'start' });
  });
  return true;
}

export function FaqBrowser() {
  const [category, setCategory] = useState<FaqCategory | 'all'>('all');
  const [query, setQuery] = useState('');
  const searchId = useId();
  useStructuredData([faqPage(faq)]);

  useEffect(() => {
    // On load nothing is filtered yet, so every answer is on the page.
    openAnswer(hashId());
    const onHashChange = () => {
      const id = hashId();
      if (openAnswer(id) || !faq.some((entry) => entry.id === id)) return;
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
