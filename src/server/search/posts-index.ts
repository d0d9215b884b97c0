/**
 * The search index of the posts added in the admin, which the build's index cannot hold: made by
 * the server with Pagefind's indexer (the same as the build's), kept in memory and served under
 * /pagefind-posts/, where the browser's search merges it into the build's (Pagefind's
 * mergeIndex) and the server's own answers do too. Each post is indexed in every language of the
 * build's index, as the build indexes its own posts: marked English outside English.
 */
import type { BlogPost } from '@/shared/domain/posts/post';
import { keptIndexFiles } from '@/shared/domain/search/pagefind-output';
import { escapeHtml } from '@/shared/domain/search/results-markup';

/** As the build weighs its posts (src/build/pipeline/search-pages.ts): half a page's weight. */
const POST_WEIGHT = 0.5;

/** The index's files by their path under /pagefind-posts/. */
export type IndexFiles = Map<string, Uint8Array>;

/** A language of the build's index, and what the blog's section is called in it. */
export interface IndexLanguage {
  code: string;
  blogSection: string;
}

/** The post as the page the index reads: its title as the heading (ranked first), then its summary and its text. */
export function postPage(post: BlogPost, language: IndexLanguage, postLanguage: string): string {
  const marked =
    language.code === postLanguage ? '' : `<span data-pagefind-meta="lang:${postLanguage}"></span><span data-pagefind-meta="url:/blog/${post.id}"></span>`;
  // The markdown's own marks (#, *, [](…)) are no words; the text between them is.
  const text = post.content.replace(/\]\([^)]*\)/g, ']').replace(/[#*_>`~[\]|]/g, ' ');
  return (
    `<!doctype html><html lang="${language.code}"><head><title>${escapeHtml(post.title)}</title></head><body><main data-pagefind-body>` +
    `<span data-pagefind-meta="section:${escapeHtml(language.blogSection)}"></span>${marked}` +
    `<div data-pagefind-weight="${POST_WEIGHT}"><h1>${escapeHtml(post.title)}</h1><p>${escapeHtml(post.excerpt)}</p><p>${escapeHtml(text)}</p></div></main></body></html>`
  );
}

/** The index of these posts in these languages; empty (no files) for no posts. */
export async function buildPostsIndex(posts: readonly BlogPost[], languages: readonly IndexLanguage[], postLanguage: string): Promise<IndexFiles> {
  const files: IndexFiles = new Map();
  if (!posts.length || !languages.length) return files;
  const pagefind = await import('pagefind');
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`The posts' search index cannot be made: ${errors.join('; ')}`);
  try {
    for (const post of posts)
      for (const language of languages) {
        // An address of its own in each language's index (Pagefind keeps one page per address); the post's own is its `url`.
        const url = language.code === postLanguage ? `/blog/${post.id}` : `/${language.code}/blog/${post.id}`;
        const added = await index.addHTMLFile({ url, content: postPage(post, language, postLanguage) });
        if (added.errors.length) throw new Error(`Post ${post.id}: ${added.errors.join('; ')}`);
      }
    const written = await index.getFiles();
    for (const file of keptIndexFiles(written.files)) files.set(file.path, file.content);
    return files;
  } finally {
    await index.deleteIndex();
  }
}
