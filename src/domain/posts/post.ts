/**
 * The blog post as the runtime knows it: a built-in post's metadata plus its markdown
 * content, for posts added in the browser. The schema checks posts read back from storage; it is
 * looser than the content schema because an unparseable date is kept as it was typed.
 */
import * as v from 'valibot';

export interface BlogPost {
  id: number;
  title: string;
  excerpt: string;
  /** Markdown-like text (GFM), rendered without raw HTML. */
  content: string;
  category: string;
  author: string;
  /** YYYY-MM-DD, or the text as typed when it could not be read as a date. */
  date: string;
  readTime: string;
  image: string;
  tags: string[];
  featured: boolean;
}

export const BlogPostSchema = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  title: v.string(),
  excerpt: v.string(),
  content: v.string(),
  category: v.string(),
  author: v.string(),
  date: v.string(),
  readTime: v.string(),
  image: v.string(),
  tags: v.array(v.string()),
  featured: v.boolean(),
});

/** Shown for a post added without an image, and in place of an image URL we refuse. */
export const PLACEHOLDER_IMAGE = '/images/blog/placeholder.svg';

export const DEFAULT_TITLE = 'Untitled Post';
export const DEFAULT_AUTHOR = 'Garlic Brothers Team';
export const DEFAULT_READ_TIME = '5 min read';
export const DEFAULT_CATEGORY = 'general';

/** Ids of posts added in the browser start above this, clear of the editors' numbering. */
export const FIRST_STORED_ID = 1001;
