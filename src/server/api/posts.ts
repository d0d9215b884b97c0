/**
 * Blog posts added by the admin: stored once on the server, normalised by the same rules as the
 * dashboard's add-post form (normalisePost), and read by anyone. Sizes are bounded so one post
 * cannot fill the database or make a page huge.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { MAX_PHOTO_BYTES, PhotoError } from '@/build/pipeline/photos/photo-rules';
import { normalisePost, type PostInput } from '@/shared/domain/posts/normalise-post';
import { imageProblem } from '@/shared/domain/posts/safe-url';
import type { Env } from '../context';
import { requireSession } from '../auth/login';
import { removePostCover, setPostCover } from '../db/post-covers';
import { deletePost, getPost, insertPost, listPosts, postIds } from '../db/posts';
import { photoTooLarge, readCoverForm } from '../photos/cover-form';
import { COVER_UPLOADS, encodeCover, UPLOAD_NAME } from '../photos/cover-upload';
import { COVER_VARIANTS } from '../photos/cover-variants';
import { servedVariant } from '../photos/served-variant';
import { HttpError, readJsonObject, rejectUnknownKeys } from '../http/json';
import { parseBody } from '../http/body-schema';
import { wholeNumber } from '../http/query';
import { unstorableCharacter } from '../http/storable';

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
    const input = parseBody(PostBody, body);
    const badImage = imageProblem(input.image ?? '');
    if (badImage) throw new HttpError(400, badImage);
    const { db } = c.var.deps.store;
    // Two admins adding at once may pick the same next id: the loser takes the one after.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const post = normalisePost(input as PostInput, await postIds(db), c.var.deps.now());
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

/** The upload's body: the photo at its largest, and the form's other field and boundaries. */
const COVER_BODY_MAX = MAX_PHOTO_BYTES + 64 * 1024;
const ALT_MAX = 300;

/** The text alternative a cover is uploaded with. */
function coverAlt(raw: unknown): string {
  const alt = typeof raw === 'string' ? raw.trim() : '';
  if (!alt) throw new HttpError(400, 'Describe the photo in "alt" (what it shows, for readers who cannot see it)');
  if (alt.length > ALT_MAX) throw new HttpError(400, `Shorten "alt" to ${ALT_MAX} characters or fewer`);
  // A form's text is not JSON, so readJsonObject's check never saw it: refused here, before the photo is encoded.
  const bad = unstorableCharacter(alt);
  if (bad) throw new HttpError(400, `"alt" holds a character that cannot be stored: ${bad}; remove it`);
  return alt;
}

/**
 * Under /api/admin/posts, before the dashboard's 256 KB body limit: a post's cover photo, uploaded
 * (PUT, multipart/form-data with `photo` and `alt`; it replaces the cover the post had) or removed
 * (DELETE). The admin session and Origin checks are the admin router's and requireSession's.
 */
export function adminCoverRoutes(queue = COVER_UPLOADS): Hono<Env> {
  const app = new Hono<Env>();
  const tooLarge = bodyLimit({
    maxSize: COVER_BODY_MAX,
    onError: (c) => c.json({ error: photoTooLarge(MAX_PHOTO_BYTES) }, 413),
  });

  app.put('/:id/cover', tooLarge, requireSession('admin'), async (c) => {
    const id = postId(c.req.param('id'));
    const { db } = c.var.deps.store;
    if (!(await getPost(db, id))) throw new HttpError(404, 'No post with this id');
    if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) {
      throw new HttpError(415, 'Send the photo as multipart/form-data, with the fields "photo" and "alt"');
    }
    // Refused before the body is read: the uploads admitted are bounded, and so is their memory.
    const ticket = queue.admit();
    if (!ticket) throw new HttpError(503, 'The server is encoding other photos; try again in a minute', { 'Retry-After': '30' });
    try {
      const form = await readCoverForm(c.req.raw, MAX_PHOTO_BYTES);
      const bytes = form.photo;
      if (!bytes) throw new HttpError(400, 'Choose a photo to upload (the "photo" field)');
      const alt = coverAlt(form.alt);
      const photo = await ticket
        .run(() => encodeCover(bytes))
        .catch((error: unknown) => {
          if (!(error instanceof PhotoError)) throw error;
          throw new HttpError(bytes.length > MAX_PHOTO_BYTES ? 413 : 400, `${UPLOAD_NAME} ${error.reason}`);
        });
      if (!(await setPostCover(db, id, photo, alt))) throw new HttpError(404, 'No post with this id');
      // Answered now: the variants are made from the master after (the first asked for, first).
      (c.var.deps.coverVariants ?? COVER_VARIANTS).photo(db, photo.key, photo);
      c.var.pages?.postChanged(id);
      return c.json({ post: await getPost(db, id) });
    } finally {
      ticket.release();
    }
  });

  app.delete('/:id/cover', requireSession('admin'), async (c) => {
    const id = postId(c.req.param('id'));
    const { db } = c.var.deps.store;
    if (!(await removePostCover(db, id))) throw new HttpError(404, 'No post with this id');
    c.var.pages?.postChanged(id);
    return c.json({ post: await getPost(db, id) });
  });

  return app;
}

/** Under /api/posts: public. */
export function publicPostRoutes(): Hono<Env> {
  const app = new Hono<Env>();

  // A cover's variant or card: its address names the photo's content (its key), so it never changes.
  app.get('/photos/:name', async (c) => {
    const served = await servedVariant(c.var.deps.store.db, c.var.deps.coverVariants ?? COVER_VARIANTS, c.req.param('name'), c.var.deps.log);
    if (!served) throw new HttpError(404, 'No such photo');
    return c.body(new Uint8Array(served.bytes), 200, { 'Content-Type': served.type, 'Cache-Control': served.cacheControl });
  });

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
