/**
 * The variants of the covers uploaded in the admin, made from each photo's master after the
 * upload is answered: AVIF and WebP at each width the photo has (photo-rules.ts) and its JPEG
 * link-preview card, at the build's settings (the same bytes as a content photo's). One encoding
 * at a time per server process, so however many photos arrive,
 * the CPU and memory the variants take stay those of one encoding (the queue holds only names).
 *
 * A variant asked for before the queue reached it is made next, ahead of the others, and the
 * request waits for it; a variant is encoded once, stored, and served from the database from then
 * on, by every server sharing it: before encoding, the queue looks whether another server has
 * stored it meanwhile.
 */
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { CARD_HEIGHT, CARD_WIDTH } from '@/build/pipeline/photos/cover-card';
import { encodeAs } from '@/build/pipeline/photos/encode-photo';
import { heightAt, MAX_PHOTO_PIXELS, widthsFor } from '@/build/pipeline/photos/photo-rules';
import { coverSize, coverSource, coverVariant, storeVariant, type StoredFormat } from '../db/post-covers';
import type { Database } from '../db/schema';
import { errorMessage } from '../../shared/error-message';

/** What a visitor may ask for: a variant in a format, or the card. */
export type VariantKind = 'avif' | 'webp' | 'card';

type Db = Kysely<Database>;

interface Job {
  id: string;
  db: Db;
  key: string;
  kind: VariantKind;
  width: number;
  done: Promise<Buffer | null>;
  resolve: (bytes: Buffer | null) => void;
  reject: (error: unknown) => void;
}

/** The variant as stored: its format and width in photo_variants. */
const storedAs = (kind: VariantKind, width: number): { format: StoredFormat; width: number } =>
  kind === 'card' ? { format: 'card', width: CARD_WIDTH } : { format: kind, width };

/** Makes one variant from the master (upright, sRGB, no metadata: nothing to strip again). */
async function encodeVariant(master: Buffer, size: { width: number; height: number }, kind: VariantKind, width: number) {
  const source = sharp(master, { limitInputPixels: MAX_PHOTO_PIXELS });
  if (kind === 'card') {
    // As the build's card of a content photo (cover-card.ts): cut around its most detailed part.
    const bytes = await source.resize(CARD_WIDTH, CARD_HEIGHT, { fit: 'cover', position: 'attention' }).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
    return { format: 'card' as const, width: CARD_WIDTH, height: CARD_HEIGHT, bytes };
  }
  const height = heightAt(size, width);
  return { format: kind, width, height, bytes: await encodeAs(source.resize({ width, height, fit: 'fill' }), kind) };
}

/** The log entry of a variant that could not be made, wherever it was asked for. */
export function variantFailure(key: string, kind: VariantKind, width: number, error: unknown): Record<string, unknown> {
  return { event: 'cover-variant-failed', key, kind, width, error: errorMessage(error) };
}

export interface CoverEncoder {
  /** Queues every variant of a photo just stored, smallest first, then its card. */
  photo(db: Db, key: string, size: { width: number }): void;
  /**
   * One variant's bytes: stored, or made now, ahead of the queue. Null when the photo is gone or
   * has no such variant (a width it is not encoded at).
   */
  variant(db: Db, key: string, kind: VariantKind, width: number): Promise<Buffer | null>;
  /** Resolves once the queue is empty and nothing is being encoded (for tests and benchmarks). */
  idle(): Promise<void>;
  /** Variants encoded by this encoder, and those waiting. */
  readonly stats: { encoded: number; waiting: number };
}

export function coverEncoder({
  log = (entry: Record<string, unknown>) => console.error(JSON.stringify(entry)),
}: { log?: (entry: Record<string, unknown>) => void } = {}): CoverEncoder {
  const waiting: Job[] = [];
  // Per database, so two servers in one process (tests) each make their own, as two processes do.
  const jobs = new WeakMap<Db, Map<string, Job>>();
  let busy = false;
  let encoded = 0;
  const idleWaiters: (() => void)[] = [];

  async function make({ db, key, kind, width }: Job): Promise<Buffer | null> {
    const stored = storedAs(kind, width);
    const ready = await coverVariant(db, key, stored.format, stored.width);
    if (ready) return ready;
    const size = await coverSize(db, key);
    if (!size || (kind !== 'card' && !widthsFor(size.width).includes(width))) return null;
    const master = await coverSource(db, key);
    if (!master) return null;
    const variant = await encodeVariant(master, size, kind, width);
    encoded += 1;
    return (await storeVariant(db, key, variant)) ? variant.bytes : null;
  }

  async function pump(): Promise<void> {
    if (busy) return;
    busy = true;
    try {
      for (let next = waiting.shift(); next; next = waiting.shift()) {
        try {
          next.resolve(await make(next));
        } catch (error) {
          next.reject(error);
        } finally {
          jobs.get(next.db)?.delete(next.id);
        }
      }
    } finally {
      busy = false;
      for (const wake of idleWaiters.splice(0)) wake();
    }
  }

  function queue(db: Db, key: string, kind: VariantKind, width: number, urgent: boolean): Job {
    let ofDb = jobs.get(db);
    if (!ofDb) jobs.set(db, (ofDb = new Map()));
    const id = `${key}-${width}.${kind}`;
    const existing = ofDb.get(id);
    if (existing) {
      const at = waiting.indexOf(existing);
      if (urgent && at > 0) waiting.unshift(...waiting.splice(at, 1));
      return existing;
    }
    let resolve!: Job['resolve'];
    let reject!: Job['reject'];
    const done = new Promise<Buffer | null>((yes, no) => ((resolve = yes), (reject = no)));
    const job: Job = { id, db, key, kind, width, done, resolve, reject };
    ofDb.set(id, job);
    if (urgent) waiting.unshift(job);
    else waiting.push(job);
    void pump();
    return job;
  }

  return {
    photo(db, key, size) {
      const widths = widthsFor(size.width);
      const kinds: [VariantKind, number][] = [
        ...widths.flatMap((width): [VariantKind, number][] => [
          ['avif', width],
          ['webp', width],
        ]),
        ['card', CARD_WIDTH],
      ];
      for (const [kind, width] of kinds) {
        // Nobody waits for these: a failure is logged, and the variant is made again when asked for.
        queue(db, key, kind, width, false).done.catch((error: unknown) => log(variantFailure(key, kind, width, error)));
      }
    },
    variant: (db, key, kind, width) => queue(db, key, kind, width, true).done,
    idle: () => (busy || waiting.length ? new Promise<void>((resolve) => idleWaiters.push(resolve)) : Promise.resolve()),
    get stats() {
      return { encoded, waiting: waiting.length };
    },
  };
}

/** The server process's one encoder. */
export const COVER_VARIANTS = coverEncoder();
