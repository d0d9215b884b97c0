/**
 * The dev server's API checks a lead with the words of the content it was started on: an editor's
 * change to a message in content/ui/en.yaml is what the API answers after a restart, with no copy
 * of the words in the code to update.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startDevApi, type DevApi } from './dev-api';
import { cleanUpFixtures, contentFixture } from '../../tests/support/content-fixture';
import { sampleLead } from '../../tests/server/harness';

afterAll(cleanUpFixtures);

describe("the dev server's API", () => {
  it("answers an invalid sample request with content/ui/en.yaml's message as the content says it", async () => {
    const root = contentFixture('content/ui/en.yaml', (text) => text.replace(/^ {2}companyEmpty: .*$/m, '  companyEmpty: Tell us the name of your company'));
    let api: DevApi | undefined;
    const server = http.createServer();
    try {
      api = await startDevApi(root);
      server.on('request', api.listener);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      const lead = sampleLead('sampleRequests');
      const body = { ...lead, fields: { ...(lead.fields as Record<string, unknown>), company: ' ' } };
      const response = await fetch(`http://127.0.0.1:${port}/api/leads`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ fields: { company: 'Tell us the name of your company' } });
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await api?.close();
    }
  });
});
