/**
 * The blog list island: one page of posts (from the page's props), those added in this browser
 * first on page 1, links to the other pages, a category filter and a search over title, excerpt
 * and tags. Filtering and searching cover every post: the first use fetches the compact search
 * index; until it arrives (or if it cannot), they cover the posts on this page and say so.
 * The pre-rendered list holds the built-in posts only; the posts published on the server (where
 * one answers, server-posts.ts) and then those stored in this browser join after hydration.
 */
import { useEffect, useState } from 'react';
import { FilterBar } from '@/ui/components/FilterBar';
import { matchesEveryWord } from '@/ui/components/match-words';
import { Image } from '@/ui/components/ui/Image';
import { SmartLink } from '@/ui/components/ui/links';
import { usePosts } from '@/browser/data/providers';
import { SEARCH_INDEX_PATH, pagePath, type ListedPost } from './blog-pages';
import { isIsoDate } from '@/shared/domain/dates';
import { categoryLabel, formatDate } from './post-format';
import { mergePosts } from './merge-posts';
import { useServerPosts } from './use-server-posts';
import { CARD_SIZES, postCover } from './post-cover';
import { WholeFigures } from '@/ui/i18n/WholeFigures';

/**
 * The cards whose images are never lazy: the first row of the widest grid (three cards). Where the
 * first card sits depends on the fonts and the length of the introduction: on a phone its image
 * can start inside the first screen (787 px down in a 390 x 800 screen with Liberation Sans), and a
 * lazy image there waits for layout before it is even asked for. Decided for the worst case, not
 * measured per visitor: three images of a few kilobytes each.
 */
export const EAGER_CARDS = 3;

const postMatches = (post: ListedPost, query: string) => matchesEveryWord([post.title, post.excerpt, ...post.tags], query);

let searchIndex: Promise<ListedPost[]> | null = null;
/** Every built-in post, newest first; fetched once per page, the first time it is needed. */
function loadSearchIndex(): Promise<ListedPost[]> {
  searchIndex ??= fetch(SEARCH_INDEX_PATH).then(async (response) => {
    if (!response.ok) throw new Error(`${SEARCH_INDEX_PATH} answered ${response.status}`);
    const posts: unknown = await response.json();
    if (!Array.isArray(posts)) throw new Error(`${SEARCH_INDEX_PATH} is not a list of posts`);
    return posts as ListedPost[];
  });
  searchIndex.catch(() => (searchIndex = null));
  return searchIndex;
}

type IndexState = { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; posts: ListedPost[] };

function useSearchIndex(needed: boolean): IndexState {
  const [result, setResult] = useState<IndexState | null>(null);
  useEffect(() => {
    if (!needed || result) return;
    let live = true;
    loadSearchIndex().then(
      (posts) => live && setResult({ status: 'ready', posts }),
      (error: unknown) => {
        console.error('[blog] the search index could not be loaded:', error);
        if (live) setResult({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [needed, result]);
  return result ?? { status: needed ? 'loading' : 'idle' };
}

export interface BlogListProps {
  /** The built-in posts of this page, newest first. */
  posts: ListedPost[];
  page: number;
  pages: number;
  /** Every built-in post's category. */
  categories: string[];
}

function Pagination({ page, pages }: { page: number; pages: number }) {
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label="Blog pages">
      {page > 1 && (
        <a href={pagePath(page - 1)} rel="prev">
          ← Newer posts
        </a>
      )}
      <ol>
        {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <a href={pagePath(n)} aria-current={n === page ? 'page' : undefined} aria-label={`Page ${n}`}>
              {n}
            </a>
          </li>
        ))}
      </ol>
      {page < pages && (
        <a href={pagePath(page + 1)} rel="next">
          Older posts →
        </a>
      )}
    </nav>
  );
}

export function BlogList({ posts, page, pages, categories: builtInCategories }: BlogListProps) {
  const { stored } = usePosts();
  const published = useServerPosts();
  // Published for every visitor first, then this browser's own (an id the server holds wins).
  const added = published.length > 0 ? [...published, ...stored] : stored;
  const [chosen, setCategory] = useState('all');
  const [query, setQuery] = useState('');
  const filtering = chosen !== 'all' || query.trim() !== '';
  // Added posts need every built-in id too: one whose id a built-in post has since taken is left out.
  const index = useSearchIndex(filtering || added.length > 0);
  const builtIn = index.status === 'ready' ? index.posts : posts;
  const merged: ListedPost[] = mergePosts(added, builtIn);
  const own = page === 1 || filtering ? merged.slice(0, merged.length - builtIn.length) : [];

  const categories = [...new Set([...builtInCategories, ...own.map((p) => p.category)])].sort();
  // The chosen category can vanish (its only stored post deleted in another tab).
  const category = chosen === 'all' || categories.includes(chosen) ? chosen : 'all';
  const list = filtering ? [...own, ...builtIn] : [...own, ...posts];
  const visible = list.filter((p) => (category === 'all' || p.category === category) && postMatches(p, query));
  const partial = filtering && index.status !== 'ready';

  return (
    <div className="blog-list not-prose">
      <FilterBar
        searchLabel="Search posts"
        placeholder="e.g. EU, aged garlic extract"
        chipsLabel="Filter by category"
        query={query}
        onQueryChange={setQuery}
        chips={['all', ...categories].map((c) => ({ value: c, label: c === 'all' ? 'All posts' : categoryLabel(c) }))}
        chosen={category}
        onChoose={setCategory}
        status={
          <>
            {visible.length} {visible.length === 1 ? 'post' : 'posts'}
            {partial && (index.status === 'failed' ? ' on this page (the other pages could not be searched)' : ' on this page; searching all posts…')}
            {!filtering && pages > 1 && ` · page ${page} of ${pages}`}
          </>
        }
      />
      <ul className="post-grid">
        {visible.map((post, position) => (
          <li key={post.id} className={`card post-card${post.featured ? ' post-featured' : ''}`}>
            {/* No card image takes high priority: the largest paint here is the page's introduction
                at every width. The first row's images load at once (EAGER_CARDS), the rest lazily,
                so the text gets the connection first. */}
            {/* Without its alternative: the card's title, just below, says what the post is. */}
            <Image {...postCover(post)} alt="" width={1200} height={630} eager={position < EAGER_CARDS} sizes={CARD_SIZES} />
            <p className="eyebrow">
              {post.featured && <span className="featured-label">Featured · </span>}
              {categoryLabel(post.category)}
            </p>
            <h2 className="card-title">
              <SmartLink href={`/blog/${post.id}`}>{post.title}</SmartLink>
            </h2>
            {post.excerpt && (
              <p className="card-body">
                <WholeFigures text={post.excerpt} />
              </p>
            )}
            <p className="byline">
              <time dateTime={isIsoDate(post.date) ? post.date : undefined}>{formatDate(post.date)}</time> · {post.readTime}
            </p>
          </li>
        ))}
      </ul>
      {visible.length === 0 && <p>No post matches your search. Clear the search or pick another category.</p>}
      {!filtering && <Pagination page={page} pages={pages} />}
    </div>
  );
}
