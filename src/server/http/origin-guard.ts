/**
 * Cross-site request forgery defence for the API: a mutating call whose Origin is not the site's
 * is refused with 403, and so is one with no Origin at all when it carries authority (admin and
 * investor routes), because every browser sends Origin on POST, PATCH and DELETE. Read-only calls
 * are refused only when a foreign Origin is present. SameSite=Strict cookies are a second layer.
 */
import type { MiddlewareHandler } from 'hono';
import type { Env } from '../context';
import { HttpError } from './json';
import { originVerdict } from './request';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function originGuard(options: { requireOnMutations: boolean }): MiddlewareHandler<Env> {
  return async (c, next) => {
    const verdict = originVerdict(c);
    if (verdict === 'foreign') throw new HttpError(403, 'This request comes from another site (its Origin is not the site’s)');
    if (verdict === 'absent' && options.requireOnMutations && !SAFE.has(c.req.method)) {
      throw new HttpError(403, 'This request has no Origin header; send it from the site');
    }
    await next();
  };
}
