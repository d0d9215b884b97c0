/**
 * The post store: blog posts added by the admin, in the BlogPost shape the site renders. A
 * renderer for post pages reads them with getPost and listPosts, nothing else.
 */
import type { Kysely } from 'kysely';
import type { BlogPost } from '@/shared/domain/posts/post';
import { coverPhoto, dropCoverOf } from './post-covers';
import type { Database, PostRow } from './schema';

type PostWithCover = PostRow & { cover_width: number | null; cover_height: number | null; cover_placeholder: string | null };

function toBlogPost(row: PostWithCover): BlogPost {
  const cover =
    row.cover_key && row.cover_width && row.cover_height && row.cover_placeholder
      ? coverPhoto({ key: row.cover_key, width: row.cover_width, height: row.cover_height, placeholder: row.cover_placeholder })
      : null;
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    category: row.category,
    author: row.author,
    date: row.date,
    readTime: row.read_time,
    image: row.image,
    tags: row.tags,
    featured: row.featured,
    ...(cover ? { cover: cover.fallback, coverAlt: row.cover_alt ?? '', coverPhoto: cover } : {}),
  };
}

/** The posts with their cover photo's size and colour, where they have one. */
const postsWithCovers = (db: Kysely<Database>) =>
  db
    .selectFrom('posts')
    .leftJoin('photos', 'photos.key', 'posts.cover_key')
    .selectAll('posts')
    .select(['photos.width as cover_width', 'photos.height as cover_height', 'photos.placeholder as cover_placeholder']);

/** Newest first (ids grow with every post added). */
export async function listPosts(db: Kysely<Database>, limit: number, offset: number): Promise<BlogPost[]> {
  const rows = await postsWithCovers(db).orderBy('posts.id', 'desc').limit(limit).offset(offset).execute();
  return rows.map(toBlogPost);
}

export async function getPost(db: Kysely<Database>, id: number): Promise<BlogPost | null> {
  const row = await postsWithCovers(db).where('posts.id', '=', id).executeTakeFirst();
  return row ? toBlogPost(row) : null;
}

export async function postIds(db: Kysely<Database>): Promise<number[]> {
  const rows = await db.selectFrom('posts').select('id').execute();
  return rows.map((row) => row.id);
}

/** Inserts the post; false when its id was taken meanwhile (the caller picks the next id and retries). */
export async function insertPost(db: Kysely<Database>, post: BlogPost): Promise<boolean> {
  const result = await db
    .insertInto('posts')
    .values({
      id: post.id,
      title: post.title,
      excerpt: post.excerpt,
      content: post.content,
      category: post.category,
      author: post.author,
      date: post.date,
      read_time: post.readTime,
      image: post.image,
      tags: JSON.stringify(post.tags),
      featured: post.featured,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deletePost(db: Kysely<Database>, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom('posts').where('id', '=', id).returning('cover_key').executeTakeFirst();
    if (!deleted) return false;
    // Its cover goes with it, unless another post shows the same photo.
    await dropCoverOf(trx, deleted.cover_key);
    return true;
  });
}
