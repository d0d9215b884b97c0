/**
 * The investor portal's API: sign-in with the investor pair, and the portal's copy (business plan
 * highlights, use of funds, documents) for a signed-in investor only. The copy is read from
 * content/ when the server starts and is not part of the built site, so this answer is the only
 * way to it. Its own cookie, so an admin session does not open it and vice versa.
 */
import { Hono } from 'hono';
import { LOGIN_BODY_MAX, loginHandler, requireSession } from '../auth/login';
import { endSession } from '../auth/sessions';
import type { Env } from '../context';
import { limitBody } from '../http/body-limit';
import { originGuard } from '../http/origin-guard';

export function investorRoutes(): Hono<Env> {
  const app = new Hono<Env>();
  app.use('*', originGuard({ requireOnMutations: true }));
  // The sign-in has its own small limit (auth/login.ts); the other routes read no body.
  app.post('/login', limitBody(LOGIN_BODY_MAX), loginHandler('investor'));
  app.post('/logout', limitBody(16 * 1024), requireSession('investor'), async (c) => {
    await endSession(c, 'investor');
    return c.json({ signedIn: false });
  });
  app.get('/documents', requireSession('investor'), (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(c.var.deps.investorPortal);
  });
  return app;
}
