/**
 * The investor portal's API: sign-in with the investor pair, and the portal's figures for a
 * signed-in investor only. Its own cookie, so an admin session does not open it and vice versa.
 */
import { Hono } from 'hono';
import { DOCUMENTS, HIGHLIGHTS, USE_OF_FUNDS } from '@/features/investors/investor-content';
import { loginHandler, requireSession } from '../auth/login';
import { endSession } from '../auth/sessions';
import type { Env } from '../context';
import { limitBody } from '../http/body-limit';
import { originGuard } from '../http/origin-guard';

export function investorRoutes(): Hono<Env> {
  const app = new Hono<Env>();
  app.use('*', originGuard({ requireOnMutations: true }), limitBody(16 * 1024));
  app.post('/login', loginHandler('investor'));
  app.post('/logout', requireSession('investor'), async (c) => {
    await endSession(c, 'investor');
    return c.json({ signedIn: false });
  });
  app.get('/documents', requireSession('investor'), (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json({ highlights: HIGHLIGHTS, useOfFunds: USE_OF_FUNDS, documents: DOCUMENTS });
  });
  return app;
}
