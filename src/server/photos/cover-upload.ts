/**
 * A cover photo uploaded in the admin, made into what the server stores (db/post-covers.ts): the
 * upload is checked by its content and its header (inspect-photo.ts: a JPEG, PNG, WebP or AVIF,
 * within the byte and pixel limits, so a decompression bomb is refused before it is decoded),
 * then re-encoded once as its master: upright, in sRGB, at the largest width the site shows
 * (1,920 px, or its own when narrower), with nothing the file carried (GPS position, camera
 * serial, editing history). The uploaded bytes themselves are never stored. The variant a phone
 * takes first (phoneWidth's AVIF) is encoded from the same pixels at the same time, so the first
 * visitor does not wait for it; the other variants are made from the master after the upload is
 * answered (cover-variants.ts).
 *
 * Memory is bounded two ways: sharp keeps no cache and decodes a JPEG at the smallest scale that
 * still covers the master (shrink-on-load: a 6,000 x 4,000 camera photo is decoded at 3,000 x
 * 2,000, about 18 MB), and a queue admits a few uploads beyond the one being encoded; the rest are
 * refused at once, before their bodies are read (503, try again).
 */
import sharp from 'sharp';
import { averageColour, decodedAt, encodeAs } from '@/build/pipeline/photos/encode-photo';
import { inspectPhoto } from '@/build/pipeline/photos/inspect-photo';
import { photoKey } from '@/build/pipeline/photos/photo-cache';
import { heightAt, PHOTO_WIDTHS, phoneWidth } from '@/build/pipeline/photos/photo-rules';
import type { StoredPhoto } from '../db/post-covers';

// Two threads per encoding (this machine's two cores) with one encoding of each kind at a time:
// an AVIF variant takes half the time it takes on one thread, and the memory is per encoding,
// not per thread.
sharp.concurrency(2);
sharp.cache(false);

/** The upload's name in the messages of inspect-photo.ts: "The photo is 30.0 MB; …". */
export const UPLOAD_NAME = 'The photo';

/** The widest variant the site serves: the master is never wider, so no variant is made from less than it shows. */
export const MASTER_WIDTH = Math.max(...PHOTO_WIDTHS);

/**
 * Checks the upload and makes its master: a JPEG at quality 90 with its colour at half the
 * resolution, as the variants made from it keep theirs (4:2:0, encode-photo.ts), so it loses
 * nothing a variant could show; or a PNG when the photo has transparency. The upload is decoded
 * once (a camera's 12 MB JPEG takes about half a second to read, whatever the scale), and from
 * those pixels the master, the first variant and the placeholder colour are made at once, on
 * both cores.
 */
export async function encodeCover(bytes: Buffer): Promise<StoredPhoto> {
  const info = await inspectPhoto(bytes, UPLOAD_NAME);
  const width = Math.min(info.width, MASTER_WIDTH);
  const height = heightAt(info, width);
  // The JPEG decoder has already shrunk it to within twice the master's size, so the last step
  // is a small one, where a linear kernel looks as sharp as Lanczos' and takes a third less time.
  const pixels = await decodedAt(bytes, { width, height }, UPLOAD_NAME, 'linear');
  const firstWidth = phoneWidth(info.width);
  const first = { width: firstWidth, height: heightAt(info, firstWidth) };
  const [master, firstVariant, placeholder] = await Promise.all([
    (info.hasAlpha ? pixels().png({ compressionLevel: 3 }) : pixels().jpeg({ quality: 90, chromaSubsampling: '4:2:0' })).toBuffer(),
    encodeAs(pixels().resize({ ...first, fit: 'fill' }), 'avif'),
    averageColour(pixels().resize(16, 16, { fit: 'fill' })),
  ]);
  return {
    key: photoKey(bytes),
    width: info.width,
    height: info.height,
    placeholder,
    master: { width, height, bytes: master },
    variants: [{ format: 'avif', ...first, bytes: firstVariant }],
  };
}

export interface QueueTicket {
  /** Runs `task` once a slot is free (`concurrency` at a time), in the order tickets asked. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Gives the ticket back (once its upload is done or refused); a second call does nothing. */
  release(): void;
}

/**
 * At most `concurrency` encodings at once and `waiting` more admitted; `admit()` is null when
 * full, so the caller refuses the upload before reading its body.
 */
export function uploadQueue(concurrency = 1, waiting = 4) {
  let admitted = 0;
  let active = 0;
  const waiters: (() => void)[] = [];
  return {
    admit(): QueueTicket | null {
      if (admitted >= concurrency + waiting) return null;
      admitted += 1;
      let released = false;
      return {
        async run<T>(task: () => Promise<T>): Promise<T> {
          if (active < concurrency) active += 1;
          // The slot is handed over by the task finishing before (active stays counted).
          else await new Promise<void>((resolve) => waiters.push(resolve));
          try {
            return await task();
          } finally {
            const next = waiters.shift();
            if (next) next();
            else active -= 1;
          }
        },
        release() {
          if (released) return;
          released = true;
          admitted -= 1;
        },
      };
    },
    /** Encodings running and uploads admitted, for tests. */
    get load() {
      return { active, admitted };
    },
  };
}

/** The server's one queue of cover uploads: one master made at a time, four more uploads admitted (their bodies held). */
export const COVER_UPLOADS = uploadQueue(1, 4);
