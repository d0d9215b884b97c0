/**
 * The built site outside /api, answered by the same handler as the static test server
 * (scripts/lib/static-server.ts): directory indexes, 404.html with status 404, the headers of
 * dist/_headers including the Content-Security-Policy, and gzip.
 */
import type { Handler } from 'hono';
import { createStaticHandler } from '../../scripts/lib/static-server';
import type { Env } from './context';

export function staticSite(root: string): Handler<Env> {
  const handle = createStaticHandler(root);
  return (c) => {
    const { status, headers, body } = handle(c.req.method, new URL(c.req.url).pathname, c.req.header('accept-encoding'));
    return new Response(body === null ? null : new Uint8Array(body), { status, headers });
  };
}
