/** The site served by the real server: leads reach the server and the admin dashboard reads them there. */
import { describe, expect, test } from 'vitest';
import { useServerSite } from './support/server-mode';

describe('the site served by the server', () => {
  const site = useServerSite();

  test('serves the build and the API on one origin, and keeps answering after a restart', async () => {
    expect((await fetch(`${site.origin()}/contact`)).status).toBe(200);
    expect((await fetch(`${site.origin()}/api/health`)).status).toBe(200);
    await site.restart();
    expect((await fetch(`${site.origin()}/api/health`)).status).toBe(200);
  });
});
