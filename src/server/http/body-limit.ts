/** Refuses bodies over `maxBytes` with 413 and a JSON message, before anything parses them. */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Env } from '../context';

export function limitBody(maxBytes: number): MiddlewareHandler<Env> {
  const kb = Math.round(maxBytes / 1024);
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) => c.json({ error: `The body is larger than ${kb} KB` }, 413),
  });
}
