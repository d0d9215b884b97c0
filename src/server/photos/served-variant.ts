/**
 * A cover's variant as the server answers `/api/posts/photos/<name>`: `<key>-<width>.<avif|webp>`
 * or `<key>-card.jpg`. A variant not made yet is made now (cover-variants.ts) and answered with
 * the same year-long caching as one made before; should making it fail, the nearest variant of
 * the photo already made is answered instead, not cached, so the address is asked for again.
 */
import type { Kysely } from 'kysely';
import { CARD_WIDTH } from '@/build/pipeline/photos/cover-card';
import { coverVariant, nearestVariant } from '../db/post-covers';
import type { Database } from '../db/schema';
import { variantFailure, type CoverEncoder, type VariantKind } from './cover-variants';

const NAME = /^([0-9a-f]{24})-(?:(\d{2,4})\.(avif|webp)|card\.jpg)$/;

export const IMMUTABLE = 'public, max-age=31536000, immutable';

const TYPES: Record<VariantKind, string> = { avif: 'image/avif', webp: 'image/webp', card: 'image/jpeg' };

export interface ServedVariant {
  bytes: Buffer;
  type: string;
  cacheControl: string;
}

/** The variant's bytes and headers, or null when there is no such photo or variant. */
export async function servedVariant(
  db: Kysely<Database>,
  encoder: CoverEncoder,
  name: string,
  log: (entry: Record<string, unknown>) => void,
): Promise<ServedVariant | null> {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, key, widthText, format] = match;
  const kind: VariantKind = (format as 'avif' | 'webp' | undefined) ?? 'card';
  const width = widthText ? Number(widthText) : CARD_WIDTH;
  const stored = await coverVariant(db, key, kind, width);
  if (stored) return { bytes: stored, type: TYPES[kind], cacheControl: IMMUTABLE };
  try {
    const made = await encoder.variant(db, key, kind, width);
    return made && { bytes: made, type: TYPES[kind], cacheControl: IMMUTABLE };
  } catch (error) {
    log(variantFailure(key, kind, width, error));
    const nearest = await nearestVariant(db, key, kind, width);
    if (!nearest) throw error;
    return { bytes: nearest.bytes, type: TYPES[nearest.kind], cacheControl: 'no-store' };
  }
}
