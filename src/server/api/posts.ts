/**
 * Blog posts added by the admin: stored once on the server, normalised by the same rules as the
 * dashboard's add-post form (normalisePost), and read by anyone. Sizes are bounded so one post
 * cannot fill the database or make a page huge.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { normalisePost, type PostInput } from '@/domain/posts/normalise-post';
import type { Env } from '../context';
import { deletePost, getPost, insertPost, listPosts, postIds } from '../db/posts';
import { HttpError, readJsonObject, rejectUnknownKeys } from '../http/json';
import { wholeNumber } from '../http/query';

const POST_LIMITS = { title: 200, excerpt: 1000, content: 50_000, category: 60, author: 100, date: 40, readTime: 40, image: 1000, tags: 30, tag: 60 };

function text(name: keyof typeof POST_LIMITS) {
  const max = POST_LIMITS[name];
  return v.optional(v.pipe(v.string(`"${name}" must be text`), v.maxLength(max, `Shorten "${name}" to ${max.toLocaleString('en-US')} characters or fewer`)));
}

const tag = v.pipe(v.string('Each tag must be text'), v.maxLength(POST_LIMITS.tag, `Shorten each tag to ${POST_LIMITS.tag} characters or fewer`));

const PostBody = v.object({
  title: text('title'),
  excerpt: text('excerpt'),
  content: text('content'),
  category: text('category'),
  author: text('author'),
  date: v.optional(
    v.nullable(v.pipe(v.string('"date" must be text'), v.maxLength(POST_LIMITS.date, `Shorten "date" to ${POST_LIMITS.date} characters or fewer`))),
  ),
  readTime: text('readTime'),
  image: text('image'),
  tags: v.optional(
    v.union(
      [
        v.pipe(v.string(), v.maxLength(POST_LIMITS.tags * (POST_LIMITS.tag + 2), 'Shorten the tags')),
        v.pipe(v.array(tag), v.maxLength(POST_LIMITS.tags, `Give at most ${POST_LIMITS.tags} tags`)),
      ],
      '"tags" must be a comma-separated text or a list of texts',
    ),
  ),
  featured: v.optional(v.boolean('"featured" must be true or false')),
});

const PAGE_MAX = 100;

function postId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw new HttpError(404, 'No post with this id');
  return Number(raw);
}

/** Under /api/admin/posts; the admin session and Origin checks are applied by the admin router. */
export function adminPostRoutes(): Hono<Env> {
  const app = new Hono<Env>();

  app.post('/', async (c) => {
    const body = await readJsonObject(c);
    rejectUnknownKeys(body, Object.keys(PostBody.entries), 'the post');
    const parsed = v.safeParse(PostBody, body);
    if (!parsed.success) throw new HttpError(400, parsed.issues[0].message);
    const { db } = c.var.deps.store;
    // Two admins adding at once may pick the same next id: the loser takes the one after.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const post = normalisePost(parsed.output as PostInput, await postIds(db), c.var.deps.now());
      if (await insertPost(db, post)) {
        // At once, not when the database's notification arrives: the admin's next request may ask for the page.
        c.var.pages?.postChanged(post.id);
        return c.json({ post }, 201);
      }
    }
    throw new HttpError(409, 'Could not pick an id for the post; try again');
  });

  app.delete('/:id', async (c) => {
    const id = postId(c.req.param('id'));
    if (!(await deletePost(c.var.deps.store.db, id))) throw new HttpError(404, 'No post with this id');
    c.var.pages?.postChanged(id);
    return c.body(null, 204);
  });

  return app;
}

/** Under /api/posts: public. */
export function publicPostRoutes(): Hono<Env> {
  const app = new Hono<Env>();

  app.get('/', async (c) => {
    const limit = wholeNumber(c.req.query('limit'), 'limit', { fallback: PAGE_MAX, min: 1, max: PAGE_MAX });
    const offset = wholeNumber(c.req.query('offset'), 'offset', { fallback: 0, max: Number.MAX_SAFE_INTEGER });
    return c.json({ posts: await listPosts(c.var.deps.store.db, limit, offset) });
  });

  app.get('/:id', async (c) => {
    const post = await getPost(c.var.deps.store.db, postId(c.req.param('id')));
    if (!post) throw new HttpError(404, 'No post with this id');
    return c.json({ post });
  });

  return app;
}
