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
  /** A cover photo uploaded in the admin (server mode only): its address, its text alternative and its variants. */
  cover?: string;
  coverAlt?: string;
  coverPhoto?: CoverPhoto;
}

/**
 * A cover photo's variants as a page names them: the addresses per format (what a `srcset` lists;
 * content-hashed, so cached for a year), its size as shown and its box's colour until it arrives.
 * The shape of a photo of content/photos/ in the pages' list, and of one the server stores.
 */
export interface CoverPhoto {
  width: number;
  height: number;
  placeholder: string;
  srcset: { avif: string; webp: string };
  fallback: string;
  /** Its link-preview card (og:image, 1200 x 630), where the server draws one: a cover uploaded in the admin. */
  card?: string;
}

export const CoverPhotoSchema = v.object({
  width: v.pipe(v.number(), v.integer(), v.minValue(1)),
  height: v.pipe(v.number(), v.integer(), v.minValue(1)),
  placeholder: v.pipe(v.string(), v.regex(/^#[0-9a-f]{6}$/)),
  srcset: v.object({ avif: v.string(), webp: v.string() }),
  fallback: v.string(),
  card: v.optional(v.string()),
});

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
  cover: v.optional(v.string()),
  coverAlt: v.optional(v.string()),
  coverPhoto: v.optional(CoverPhotoSchema),
});

/** Shown for a post added without an image, and in place of an image URL we refuse. */
export const PLACEHOLDER_IMAGE = '/images/blog/placeholder.svg';

export const DEFAULT_TITLE = 'Untitled Post';
export const DEFAULT_AUTHOR = 'Garlic Brothers Team';
export const DEFAULT_READ_TIME = '5 min read';
export const DEFAULT_CATEGORY = 'general';

/** Ids of posts added in the browser start above this, clear of the editors' numbering. */
export const FIRST_STORED_ID = 1001;
