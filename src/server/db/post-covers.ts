/**
 * Cover photos of the posts added in the admin, in the database beside the posts (one backup holds
 * both): under a photo's key, its master (the upload re-encoded upright at the widest width the
 * site shows, nothing of the uploaded file kept; format `master` in photo_variants, never served)
 * and the variants made from it after the upload (AVIF and WebP at each width, and its JPEG
 * link-preview card, format `card`); the post names its cover by that key. A photo that no post
 * names any more is deleted with its variants, in the same transaction that let it go.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { CoverPhoto } from '@/shared/domain/posts/post';
import type { FeedImage } from '@/build/pipeline/discovery-files';
import { feedWidth, heightAt, phoneWidth, widthsFor } from '@/build/pipeline/photos/photo-rules';
import type { Database } from './schema';

/** Where the server serves a variant: content-hashed by the photo's key, so cached for a year. */
export const COVER_URL_PREFIX = '/api/posts/photos/';

export const coverVariantName = (key: string, width: number, format: 'avif' | 'webp') => `${key}-${width}.${format}`;

/** A cover's link-preview card (og:image): 1200 x 630, a JPEG. */
export const coverCardName = (key: string) => `${key}-card.jpg`;

/** What photo_variants holds of a photo: its variants, its card, and its master (the source of both). */
export type StoredFormat = 'avif' | 'webp' | 'card' | 'master';

export interface StoredPhoto {
  key: string;
  /** As shown, upright: the size the page reserves. */
  width: number;
  height: number;
  placeholder: string;
  master: { width: number; height: number; bytes: Buffer };
  /** Variants made with the master (the one a phone asks for first), stored with it. */
  variants: MadeVariant[];
}

/** The variants' addresses, as a page names them (the shape of a photo of content/photos/ in the pages' list). */
export function coverPhoto(photo: { key: string; width: number; height: number; placeholder: string }): CoverPhoto {
  const widths = widthsFor(photo.width);
  const list = (format: 'avif' | 'webp') => widths.map((width) => `${COVER_URL_PREFIX}${coverVariantName(photo.key, width, format)} ${width}w`).join(', ');
  return {
    width: photo.width,
    height: photo.height,
    placeholder: photo.placeholder,
    srcset: { avif: list('avif'), webp: list('webp') },
    fallback: `${COVER_URL_PREFIX}${coverVariantName(photo.key, phoneWidth(photo.width), 'webp')}`,
    card: `${COVER_URL_PREFIX}${coverCardName(photo.key)}`,
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
    await trx
      .insertInto('photo_variants')
      .values([{ format: 'master' as const, ...photo.master }, ...photo.variants].map((variant) => ({ key: photo.key, ...variant })))
      .onConflict((oc) => oc.columns(['key', 'format', 'width']).doNothing())
      .execute();
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

/** One variant's bytes (or the card's), or null. */
export async function coverVariant(db: Kysely<Database>, key: string, format: StoredFormat, width: number): Promise<Buffer | null> {
  const row = await db
    .selectFrom('photo_variants')
    .select('bytes')
    .where('key', '=', key)
    .where('format', '=', format)
    .where('width', '=', width)
    .executeTakeFirst();
  return row ? Buffer.from(row.bytes) : null;
}

/** A stored photo's size as shown, or null when no post's cover has this key. */
export async function coverSize(db: Kysely<Database>, key: string): Promise<{ width: number; height: number } | null> {
  return (await db.selectFrom('photos').select(['width', 'height']).where('key', '=', key).executeTakeFirst()) ?? null;
}

/**
 * What a photo's variants are made from: its master; for a photo stored before masters were kept
 * (every variant encoded at upload), its widest WebP. Null when the photo is gone.
 */
export async function coverSource(db: Kysely<Database>, key: string): Promise<Buffer | null> {
  const row = await db
    .selectFrom('photo_variants')
    .select('bytes')
    .where('key', '=', key)
    .where('format', 'in', ['master', 'webp'])
    .orderBy(sql`format = 'master'`, 'desc')
    .orderBy('width', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Buffer.from(row.bytes) : null;
}

/**
 * The photo's variant nearest `width` already made, in the format asked for if any is (else the
 * other): what is answered when a variant cannot be made. Null when none is made yet.
 */
export async function nearestVariant(
  db: Kysely<Database>,
  key: string,
  kind: 'avif' | 'webp' | 'card',
  width: number,
): Promise<{ kind: 'avif' | 'webp' | 'card'; bytes: Buffer } | null> {
  const row = await db
    .selectFrom('photo_variants')
    .select(['format', 'bytes'])
    .where('key', '=', key)
    .where('format', 'in', kind === 'card' ? ['card', 'webp'] : ['avif', 'webp'])
    .orderBy(sql`format = ${kind}`, 'desc')
    .orderBy(sql`abs(width - ${width}::int)`)
    .limit(1)
    .executeTakeFirst();
  return row ? { kind: row.format as 'avif' | 'webp' | 'card', bytes: Buffer.from(row.bytes) } : null;
}

/** A variant made from a master, to be stored. */
export type MadeVariant = { format: StoredFormat; width: number; height: number; bytes: Buffer };

/** foreign_key_violation: here, the photo a variant belongs to was deleted after it was read. */
const PHOTO_GONE = '23503';

/**
 * Stores a variant made from the master; another server (or this one's queue) may have stored
 * it first, and the photo may have been deleted meanwhile (a replaced cover): both leave nothing
 * to do. The insert reads the photo first, but on PostgreSQL a delete committed between that read
 * and the foreign key's check still fails the insert; that too is a photo gone, not a failure.
 * False when the photo is gone, so its variant is not served as if it still had one.
 */
export async function storeVariant(db: Kysely<Database>, key: string, variant: MadeVariant): Promise<boolean> {
  try {
    const [result] = await insertVariant(db, key, variant);
    if (Number(result?.numInsertedOrUpdatedRows ?? 0) > 0) return true;
  } catch (error) {
    if ((error as { code?: unknown }).code !== PHOTO_GONE) throw error;
    return false;
  }
  return (await coverSize(db, key)) !== null;
}

function insertVariant(db: Kysely<Database>, key: string, variant: MadeVariant) {
  return db
    .insertInto('photo_variants')
    .columns(['key', 'format', 'width', 'height', 'bytes'])
    .expression(
      db
        .selectFrom('photos')
        .select([
          'key',
          sql<string>`${variant.format}::text`.as('format'),
          sql<number>`${variant.width}::int`.as('width'),
          sql<number>`${variant.height}::int`.as('height'),
          sql<Buffer>`${variant.bytes}::bytea`.as('bytes'),
        ])
        .where('key', '=', key),
    )
    .onConflict((oc) => oc.columns(['key', 'format', 'width']).doNothing())
    .execute();
}

/**
 * A post's cover as its feed item's picture, with its length in bytes (RSS's enclosure requires
 * it); `variant` gives the bytes, making the variant when it is not made yet. Undefined without a
 * cover or when the photo is gone.
 */
export async function coverFeedPicture(
  photo: CoverPhoto | undefined,
  variant: (key: string, width: number) => Promise<Buffer | null>,
): Promise<FeedImage | undefined> {
  const key = photo && /([0-9a-f]{24})-\d+\.webp$/.exec(photo.fallback)?.[1];
  if (!photo || !key) return undefined;
  const width = feedWidth(photo.width);
  const bytes = await variant(key, width);
  if (!bytes) return undefined;
  return {
    url: `${COVER_URL_PREFIX}${coverVariantName(key, width, 'webp')}`,
    type: 'image/webp',
    length: bytes.length,
    width,
    height: heightAt(photo, width),
  };
}

/** How many photos, AVIF and WebP variants and masters the database holds (for tests and the backup's report). */
export async function photoCounts(db: Kysely<Database>): Promise<{ photos: number; variants: number; masters: number }> {
  const { rows } = await sql<{
    photos: number;
    variants: number;
    masters: number;
  }>`select (select count(*)::int from photos) as photos,
      (select count(*)::int from photo_variants where format in ('avif', 'webp')) as variants,
      (select count(*)::int from photo_variants where format = 'master') as masters`.execute(db);
  return rows[0] ?? { photos: 0, variants: 0, masters: 0 };
}
