/**
 * A cover photo uploaded in the admin, made into what the server stores (db/post-covers.ts): the
 * upload is checked by its content and its header (inspect-photo.ts: a JPEG, PNG, WebP or AVIF,
 * within the byte and pixel limits, so a decompression bomb is refused before it is decoded),
 * then re-encoded upright as AVIF and WebP at each width, with nothing the file carried (GPS
 * position, camera serial, editing history). The uploaded bytes themselves are never stored.
 *
 * Memory is bounded two ways: sharp decodes one photo at a time with one thread and keeps no
 * cache (a camera's photo takes about 150 MB decoded), and a queue admits a few uploads beyond the
 * one being encoded; the rest are refused at once, before their bodies are read (503, try again).
 */
import sharp from 'sharp';
import { encodePhoto, placeholderColour } from '@/pipeline/photos/encode-photo';
import { photoKey } from '@/pipeline/photos/photo-cache';
import type { StoredPhoto } from '../db/post-covers';

sharp.concurrency(1);
sharp.cache(false);

/** The upload's name in the messages of inspect-photo.ts: "The photo is 30.0 MB; …". */
export const UPLOAD_NAME = 'The photo';

export async function encodeCover(bytes: Buffer): Promise<StoredPhoto> {
  const photo = await encodePhoto(bytes, UPLOAD_NAME);
  return {
    key: photoKey(bytes),
    width: photo.width,
    height: photo.height,
    placeholder: await placeholderColour(bytes),
    variants: photo.variants,
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

/** The server's one queue of cover uploads: one encoding at a time, four more admitted (about 130 MB at the most). */
export const COVER_UPLOADS = uploadQueue(1, 4);
