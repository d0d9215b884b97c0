/**
 * The API of `npm run dev`: the server's own app (src/server/app.ts) on its own PGlite folder,
 * data/dev-pglite, so the forms, the admin and the investor portal work in the dev server as under
 * `npm start`, and a dev server can run beside `npm start` (each holds its own folder). The
 * environment's variables apply as for the server (DATABASE_URL, DATA_DIR, the credentials, and
 * SMTP_URL and the other notification variables: a lead sent in the dev server notifies as one
 * sent to `npm start` does).
 */
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { loadInvestorPortal, loadLeadFormWords, loadSiteConfig } from '@/build/content/load';
import { leadForms } from '@/shared/domain/lead-forms';
import { readConfig } from './config';
import { openApp } from './server';

export interface DevApi {
  listener: ReturnType<typeof getRequestListener>;
  close(): Promise<void>;
}

export async function startDevApi(root: string): Promise<DevApi> {
  const config = readConfig({ DATA_DIR: path.join(root, 'data', 'dev-pglite'), ...process.env });
  const site = loadSiteConfig(root);
  const { app, close } = await openApp(config, {
    staticRoot: null,
    investorPortal: loadInvestorPortal(root),
    // Read at start, like the portal's copy: a product or a word changed while the dev server runs applies after a restart.
    leadForms: leadForms(site.products, loadLeadFormWords(root)),
    siteUrl: site.url,
  });
  return { listener: getRequestListener(app.fetch), close };
}
