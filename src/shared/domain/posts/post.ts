/**
 * The blog post as the runtime knows it: a built-in post's metadata plus its markdown
 * content, for posts added in the browser. The schema checks posts read back from storage; it is
 * looser than the content schema because an unparseable date is kept as it was typed.
 */
import * as v from 'valibot';

/**
 * A cover photo's variants as a page names them: the addresses per format (what a `srcset` lists;
 * content-hashed, so cached for a year), its size as shown and its box's colour until it arrives.
 * The shape of a photo of content/photos/ in the pages' list, and of one the server stores.
 */
export const CoverPhotoSchema = v.object({
  width: v.pipe(v.number(), v.integer(), v.minValue(1)),
  height: v.pipe(v.number(), v.integer(), v.minValue(1)),
  placeholder: v.pipe(v.string(), v.regex(/^#[0-9a-f]{6}$/)),
  srcset: v.object({ avif: v.string(), webp: v.string() }),
  fallback: v.string(),
  /** Its link-preview card (og:image, 1200 x 630), where the server draws one: a cover uploaded in the admin. */
  card: v.optional(v.string()),
});

export type CoverPhoto = v.InferOutput<typeof CoverPhotoSchema>;

/** The post's one description: the type below, the admin's form and the database's row derive from it. */
export const BlogPostSchema = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  title: v.string(),
  excerpt: v.string(),
  /** Markdown-like text (GFM), rendered without raw HTML. */
  content: v.string(),
  category: v.string(),
  author: v.string(),
  /** YYYY-MM-DD, or the text as typed when it could not be read as a date. */
  date: v.string(),
  readTime: v.string(),
  image: v.string(),
  tags: v.array(v.string()),
  featured: v.boolean(),
  /** A cover photo uploaded in the admin (server mode only): its address, its text alternative and its variants. */
  cover: v.optional(v.string()),
  coverAlt: v.optional(v.string()),
  coverPhoto: v.optional(CoverPhotoSchema),
});

export type BlogPost = v.InferOutput<typeof BlogPostSchema>;

/** The post's fields that hold one text each (not the id, the tags, the flag or the optional cover). */
export type PostTextField = { [K in keyof BlogPost]-?: BlogPost[K] extends string ? K : never }[keyof BlogPost];

/** Shown for a post added without an image, and in place of an image URL we refuse. */
export const PLACEHOLDER_IMAGE = '/images/blog/placeholder.svg';

export const DEFAULT_TITLE = 'Untitled Post';
export const DEFAULT_AUTHOR = 'Garlic Brothers Team';
export const DEFAULT_READ_TIME = '5 min read';
export const DEFAULT_CATEGORY = 'general';

/** Ids of posts added in the browser start above this, clear of the editors' numbering. */
export const FIRST_STORED_ID = 1001;
