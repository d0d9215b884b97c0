/**
 * Cover photos of the posts added in the admin, in the database beside the posts (one backup holds
 * both): a photo's variants (AVIF and WebP at each width, re-encoded from the upload, nothing of
 * the uploaded file kept) under its key, and the post naming its cover by that key. A photo that
 * no post names any more is deleted with its variants, in the same transaction that let it go.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { CoverPhoto } from '@/domain/posts/post';
import type { FeedImage } from '@/pipeline/discovery-files';
import { widthsFor } from '@/pipeline/photos/photo-rules';
import type { Database } from './schema';

/** Where the server serves a variant: content-hashed by the photo's key, so cached for a year. */
export const COVER_URL_PREFIX = '/api/posts/photos/';

export const coverVariantName = (key: string, width: number, format: 'avif' | 'webp') => `${key}-${width}.${format}`;

export interface StoredPhoto {
  key: string;
  width: number;
  height: number;
  placeholder: string;
  variants: { format: 'avif' | 'webp'; width: number; height: number; bytes: Buffer }[];
}

/** The variants' addresses, as a page names them (the shape of a photo of content/photos/ in the pages' list). */
export function coverPhoto(photo: { key: string; width: number; height: number; placeholder: string }): CoverPhoto {
  const widths = widthsFor(photo.width);
  const list = (format: 'avif' | 'webp') => widths.map((width) => `${COVER_URL_PREFIX}${coverVariantName(photo.key, width, format)} ${width}w`).join(', ');
  const fallbackWidth = widths.filter((width) => width <= 960).at(-1) ?? widths[0];
  return {
    width: photo.width,
    height: photo.height,
    placeholder: photo.placeholder,
    srcset: { avif: list('avif'), webp: list('webp') },
    fallback: `${COVER_URL_PREFIX}${coverVariantName(photo.key, fallbackWidth, 'webp')}`,
  };
}

/** Deletes the photo when no post names it (its variants go with it: on delete cascade). */
async function dropIfUnused(trx: Transaction<Database>, key: string): Promise<void> {
  await trx
    .deleteFrom('photos')
    .where('key', '=', key)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('posts').select('id').where('cover_key', '=', key))))
    .execute();
}

/**
 * Makes `photo` the post's cover with its text alternative; the cover it had before is deleted
 * when no other post names it. False when there is no such post (nothing is stored then).
 */
export async function setPostCover(db: Kysely<Database>, id: number, photo: StoredPhoto, alt: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const post = await trx.selectFrom('posts').select('cover_key').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!post) return false;
    await trx
      .insertInto('photos')
      .values({ key: photo.key, width: photo.width, height: photo.height, placeholder: photo.placeholder })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    for (const variant of photo.variants) {
      await trx
        .insertInto('photo_variants')
        .values({ key: photo.key, format: variant.format, width: variant.width, height: variant.height, bytes: variant.bytes })
        .onConflict((oc) => oc.columns(['key', 'format', 'width']).doNothing())
        .execute();
    }
    await trx.updateTable('posts').set({ cover_key: photo.key, cover_alt: alt }).where('id', '=', id).execute();
    if (post.cover_key && post.cover_key !== photo.key) await dropIfUnused(trx, post.cover_key);
    return true;
  });
}

/** Removes the post's cover (the post shows its image again); false when there is no such post. */
export async function removePostCover(db: Kysely<Database>, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const post = await trx.selectFrom('posts').select('cover_key').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!post) return false;
    await trx.updateTable('posts').set({ cover_key: null, cover_alt: null }).where('id', '=', id).execute();
    if (post.cover_key) await dropIfUnused(trx, post.cover_key);
    return true;
  });
}

/** A deleted post's cover goes with it when no other post names it. */
export async function dropCoverOf(trx: Transaction<Database>, key: string | null): Promise<void> {
  if (key) await dropIfUnused(trx, key);
}

/** One variant's bytes, or null. */
export async function coverVariant(db: Kysely<Database>, key: string, format: 'avif' | 'webp', width: number): Promise<Buffer | null> {
  const row = await db
    .selectFrom('photo_variants')
    .select('bytes')
    .where('key', '=', key)
    .where('format', '=', format)
    .where('width', '=', width)
    .executeTakeFirst();
  return row ? Buffer.from(row.bytes) : null;
}

/**
 * A post's cover as its feed item's picture: the WebP variant nearest 1,280 px wide, with its
 * length in bytes (RSS's enclosure requires it); undefined without a cover.
 */
export async function coverFeedPicture(db: Kysely<Database>, photo: CoverPhoto | undefined): Promise<FeedImage | undefined> {
  if (!photo) return undefined;
  const [, key, width] = /([0-9a-f]{24})-(\d+)\.webp$/.exec(photo.fallback) ?? [];
  const widths = widthsFor(photo.width);
  const chosen = widths.filter((candidate) => candidate <= 1280).at(-1) ?? widths[0];
  if (!key || !width) return undefined;
  const row = await db
    .selectFrom('photo_variants')
    .select(sql<number>`octet_length(bytes)`.as('length'))
    .where('key', '=', key)
    .where('format', '=', 'webp')
    .where('width', '=', chosen)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    url: `${COVER_URL_PREFIX}${coverVariantName(key, chosen, 'webp')}`,
    type: 'image/webp',
    length: Number(row.length),
    width: chosen,
    height: Math.round((photo.height * chosen) / photo.width),
  };
}

/** How many photos and variants the database holds (for tests and the backup's report). */
export async function photoCounts(db: Kysely<Database>): Promise<{ photos: number; variants: number }> {
  const { rows } = await sql<{
    photos: number;
    variants: number;
  }>`select (select count(*)::int from photos) as photos, (select count(*)::int from photo_variants) as variants`.execute(db);
  return rows[0] ?? { photos: 0, variants: 0 };
}
