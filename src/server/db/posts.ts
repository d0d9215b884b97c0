/**
 * The post store: blog posts added by the admin, in the BlogPost shape the site renders. A
 * renderer for post pages reads them with getPost and listPosts, nothing else.
 */
import type { Kysely } from 'kysely';
import type { BlogPost } from '@/domain/posts/post';
import type { Database, PostRow } from './schema';

function toBlogPost(row: PostRow): BlogPost {
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
  };
}

/** Newest first (ids grow with every post added). */
export async function listPosts(db: Kysely<Database>, limit: number, offset: number): Promise<BlogPost[]> {
  const rows = await db.selectFrom('posts').selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
  return rows.map(toBlogPost);
}

export async function getPost(db: Kysely<Database>, id: number): Promise<BlogPost | null> {
  const row = await db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
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
  const result = await db.deleteFrom('posts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
