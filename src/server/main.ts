/**
 * The server's entry point: `npm start` (after the build) and `npm run serve` run it through
 * scripts/serve.ts; the tests start servers from a bundle of this file that calls
 * startFromCommandLine (tests/server/server-bundle.ts). Serves dist/ when a build exists.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DIST_DIR, SSR_DIR } from '@/build/pipeline/build-paths';
import { loadInvestorPortal, loadLeadFormWords, loadSiteConfig } from '@/build/content/load';
import { leadForms } from '@/shared/domain/lead-forms';
import { errorMessage } from '@/shared/error-message';
import { readConfig, REPO_ROOT } from './config';
import type { NotifyStatus } from './notify/worker';
import { refuseServedSecrets } from './served-secrets';
import { startServer } from './server';
import { loadSiteRenderer } from './site/renderer';

/** Says at start where each lead is sent, or that nothing is (the admin says so too). */
function notificationsLine(status: NotifyStatus): string {
  const parts = [
    ...(status.email.configured ? [`e-mail to ${status.email.to.join(', ')}`] : []),
    ...(status.webhook.configured ? [`webhook to ${status.webhook.host ?? ''}`] : []),
  ];
  return parts.length > 0
    ? `Lead notifications: ${parts.join('; ')}`
    : 'Lead notifications: none configured (set SMTP_URL, LEAD_NOTIFY_TO and LEAD_NOTIFY_FROM, or LEAD_WEBHOOK_URL and LEAD_WEBHOOK_SECRET)';
}

export async function main(): Promise<void> {
  const config = readConfig();
  // Read once, like the credentials: a broken file stops the start with its file and field named.
  const investorPortal = loadInvestorPortal(REPO_ROOT);
  const site = loadSiteConfig(REPO_ROOT);
  // The forms' product list and words (content/ui, facts filled in), as the build gave them to the site's pages.
  const forms = leadForms(site.products, loadLeadFormWords(REPO_ROOT));
  const staticRoot = fs.existsSync(path.join(DIST_DIR, 'index.html')) ? DIST_DIR : null;
  if (!staticRoot) console.warn(`[server] No build in ${DIST_DIR}: serving the API only. Run \`npm run build\` for the site.`);
  let siteRenderer = null;
  if (staticRoot) {
    const { gateRecords } = await refuseServedSecrets(staticRoot, { ADMIN_PASSWORD: config.admin.password, INVESTOR_KEY: config.investor.key });
    if (gateRecords > 0)
      console.warn(
        `[server] The build in ${staticRoot} carries a static host's sign-in gate, which this server does not use: build with \`npm start\` (npm run build -- --for-server) to ship none.`,
      );
    const loaded = await loadSiteRenderer(staticRoot, SSR_DIR);
    // Without the bundle the site still works; only the posts added through the admin get no pages of their own.
    if (!loaded.renderer) console.warn(`[server] Posts added in the admin get no page, sitemap or feed entry: ${loaded.reason}. Run \`npm run build\`.`);
    siteRenderer = loaded.renderer;
  }
  const running = await startServer(config, { staticRoot, siteRenderer, investorPortal, leadForms: forms, siteUrl: site.url });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  const shown = config.host === '127.0.0.1' || config.host === '::1' ? 'localhost' : config.host;
  console.log(`Garlic Brothers site: http://${shown}:${running.port}/  (database: ${where}; Ctrl+C to stop)`);
  console.log(`[server] ${notificationsLine(running.notifications.status)}`);

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      console.log(`[server] ${signal}: finishing requests in flight, then closing the database`);
      running.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('[server] shutdown failed:', error);
          process.exit(1);
        },
      );
    });
  }
}

/**
 * Starts the server from a command line. A start that fails (a folder in use or not writable, a
 * bad setting) ends with one line naming the cause and exit status 1: the messages say what to
 * fix, and a stack trace would bury them.
 */
export async function startFromCommandLine(): Promise<void> {
  try {
    await main();
  } catch (error) {
    console.error(`[server] could not start: ${errorMessage(error)}`);
    process.exit(1);
  }
}

// Run only as the entry file, not when imported.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  await startFromCommandLine();
}
