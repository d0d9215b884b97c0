/**
 * The cover upload's form (multipart/form-data with the file `photo` and the text `alt`), read as
 * it streams in with busboy: a camera's 12 MB photo is read in about 10 ms, where the platform's
 * Request.formData() takes 0.2-0.3 s of the upload's 2 s budget. What is not the form the upload
 * expects (a second file, a long field, a body that is no form) is refused with what to send.
 */
import { Readable } from 'node:stream';
import busboy from 'busboy';
import { HttpError } from '../http/json';
import { errorMessage } from '../../shared/error-message';

export interface CoverForm {
  /** The file sent as `photo`, or null when there was none. */
  photo: Buffer | null;
  /** The text sent as `alt` (checked by the caller), or null. */
  alt: string | null;
}

const FORM_FIELDS = 'send the fields "photo" and "alt"';

/** The answer to a photo over the byte limit, whether its request said its size or not. */
export const photoTooLarge = (maxFileBytes: number) => `The photo is larger than ${maxFileBytes / 1024 / 1024} MB, the most a photo may be`;

/** A text field's limit: far more than the longest alternative text the upload accepts. */
const FIELD_MAX_BYTES = 16 * 1024;

export function readCoverForm(request: Request, maxFileBytes: number): Promise<CoverForm> {
  const unreadable = (reason: string) => new HttpError(400, `The upload could not be read as a form (${reason}); ${FORM_FIELDS}`);
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': request.headers.get('content-type') ?? '' },
        limits: { files: 1, fields: 4, parts: 5, fieldSize: FIELD_MAX_BYTES, fileSize: maxFileBytes },
      });
    } catch (error) {
      reject(unreadable(errorMessage(error)));
      return;
    }
    const form: CoverForm = { photo: null, alt: null };
    let refused: HttpError | null = null;
    parser.on('file', (name, stream) => {
      // A form that ends inside a file fails that file's stream too: an 'error' no one listens
      // for would end the process. The parser's own 'error' (below) answers the upload.
      stream.on('error', (error: unknown) => (refused ??= unreadable(errorMessage(error))));
      if (name !== 'photo') {
        refused ??= unreadable(`an unexpected file "${name}"`);
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      // Past the limit busboy drops the rest of the file (nothing more is held) and says so.
      stream.on('limit', () => (refused ??= new HttpError(413, photoTooLarge(maxFileBytes))));
      stream.on('end', () => (form.photo = Buffer.concat(chunks)));
    });
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) refused ??= new HttpError(400, `The field "${name}" is longer than ${FIELD_MAX_BYTES / 1024} KB; ${FORM_FIELDS}`);
      else if (name === 'alt') form.alt = value;
    });
    parser.on('filesLimit', () => (refused ??= unreadable('more than one file')));
    for (const limit of ['partsLimit', 'fieldsLimit'] as const) parser.on(limit, () => (refused ??= unreadable('more fields than these two')));
    parser.on('error', (error: unknown) => reject(unreadable(errorMessage(error))));
    parser.on('close', () => (refused ? reject(refused) : resolve(form)));
    if (!request.body) {
      reject(unreadable('the body is empty'));
      return;
    }
    const body = Readable.fromWeb(request.body as import('node:stream/web').ReadableStream<Uint8Array>);
    // A body that fails while it arrives (the size limit, a connection gone) fails the upload with its own error.
    body.on('error', (error) => reject(error));
    body.pipe(parser);
  });
}
