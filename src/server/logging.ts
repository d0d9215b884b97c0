/**
 * One JSON line per request: method, path, status and milliseconds. Never the body, the query
 * string (it can carry filters), cookies or the client's address, so the log holds no personal data.
 */
import type { MiddlewareHandler } from 'hono';
import type { Env } from './context';

export function requestLog(): MiddlewareHandler<Env> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    c.var.deps.log({
      time: new Date().toISOString(),
      method: c.req.method,
      path: new URL(c.req.url).pathname.slice(0, 200),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}

export const stdoutLog = (entry: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(entry)}\n`);
