/**
 * /blog: every post, those added in this browser first (seed §4), then the built-in ones newest
 * first, with a category filter built from the data, featured posts highlighted, and a search over
 * title, excerpt and tags. The pre-rendered list (and the hydrating one) holds the built-in posts
 * only; stored posts join right after hydration, so there is no mismatch.
 */
import { useTypedValue } from '@/components/use-typed-value';
import { useId, useMemo, useState } from 'react';
import type { BlogPostMeta } from '@/content/schema';
import { Image } from '@/components/ui/Image';
import { SmartLink } from '@/components/ui/links';
import { categoryLabel, formatDate, isIsoDate } from './format';
import builtInPosts from 'virtual:content/blog';
import { useStructuredData } from '@/head/page-head';
import { blog } from '@/head/structured-data';
import { useAllPosts } from './post-store';
import { coverImage } from './safe-url';

export function postMatches(post: BlogPostMeta, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = [post.title, post.excerpt, ...post.tags].join(' ').toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** `posts` replaces the merged list (tests, previews); by default stored + built-in posts. */
export function BlogList({ posts }: { posts?: BlogPostMeta[] }) {
  const allPosts = useAllPosts();
  const list = posts ?? allPosts;
  const [chosen, setCategory] = useState('all');
  const [query, setQuery] = useState('');
  const searchRef = useTypedValue(setQuery);
  const searchId = useId();
  // The pre-rendered list's data names the built-in posts (at most 10, seed §2).
  useStructuredData([blog(builtInPosts)]);
  const categories = useMemo(() => [...new Set(list.map((p) => p.category))].sort(), [list]);
  // The chosen category can vanish (its only stored post deleted in another tab).
  const category = chosen === 'all' || categories.includes(chosen) ? chosen : 'all';
  const visible = list.filter((p) => (category === 'all' || p.category === category) && postMatches(p, query));

  return (
    <div className="blog-list not-prose">
      <div className="filters">
        <label htmlFor={searchId} className="field-label">
          Search posts
        </label>
        <input
          ref={searchRef}
          id={searchId}
          type="search"
          className="input"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="e.g. EU, aged garlic extract"
        />
        <div className="chips" role="group" aria-label="Filter by category">
          {['all', ...categories].map((c) => (
            <button key={c} type="button" className="chip" aria-pressed={category === c} onClick={() => setCategory(c)}>
              {c === 'all' ? 'All posts' : categoryLabel(c)}
            </button>
          ))}
        </div>
        <p role="status" className="result-count">
          {visible.length} {visible.length === 1 ? 'post' : 'posts'}
        </p>
      </div>
      <ul className="post-grid">
        {visible.map((post, index) => (
          <li key={post.id} className={`card post-card${post.featured ? ' post-featured' : ''}`}>
            <Image src={coverImage(post.image)} alt="" width={1200} height={630} priority={index === 0} />
            <p className="eyebrow">
              {post.featured && <span className="featured-label">Featured · </span>}
              {categoryLabel(post.category)}
            </p>
            <h2 className="card-title">
              <SmartLink href={`/blog/${post.id}`}>{post.title}</SmartLink>
            </h2>
            {post.excerpt && <p className="card-body">{post.excerpt}</p>}
            <p className="byline">
              <time dateTime={isIsoDate(post.date) ? post.date : undefined}>{formatDate(post.date)}</time> · {post.readTime}
            </p>
          </li>
        ))}
      </ul>
      {visible.length === 0 && <p>No post matches your search. Clear the search or pick another category.</p>}
    </div>
  );
}
