/**
 * Two servers on one PostgreSQL, each keeping the pages it rendered from the posts: a change made
 * through one reaches the other through the database's notifications; while the other's listening
 * connection is down it keeps nothing, and once it is back it keeps pages again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost } from '@/shared/domain/posts/post';
import { openStore, type Store } from '../db/connect';
import { createHarness, resetTables, type Harness } from '../../../tests/server/harness';
import { postgresSuite, startTestPostgres, type TestPostgres } from '../../../tests/server/postgres';
import type { SiteRenderer } from './renderer';

const { available, title } = postgresSuite('pages of posts on two servers');

let postgres: TestPostgres | undefined;
const stores: Store[] = [];
let dist: string;

/** Polls `check` every 50 ms for up to 5 s: notifications cross a connection of their own. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('not within 5 s');
}

function server(store: Store): Promise<{ h: Harness; renders: () => number }> {
  let renders = 0;
  const renderer: SiteRenderer = {
    site: { name: 'Garlic Brothers', url: 'https://www.garlicbrothers.in', description: 'Garlic ingredients.' },
    postPage: async (p) => {
      renders += 1;
      return `<h1>${p.title}</h1>`;
    },
    postHtml: async (p) => `<p>${p.content}</p>`,
  };
  return createHarness(store, { staticRoot: dist, siteRenderer: renderer }).then((h) => ({ h, renders: () => renders }));
}

describe.skipIf(!available)(title, () => {
  beforeAll(async () => {
    postgres = await startTestPostgres();
    for (let i = 0; i < 3; i += 1) stores.push(await openStore({ databaseUrl: postgres.url }));
    await resetTables(stores[0] as Store);
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-dist-'));
    fs.writeFileSync(path.join(dist, '404.html'), '<h1>Page not found</h1>');
    fs.writeFileSync(path.join(dist, '_headers'), '/*\n  X-Frame-Options: DENY\n');
  });

  afterAll(async () => {
    for (const store of stores) await store.close();
    await postgres?.stop();
    if (dist) fs.rmSync(dist, { recursive: true, force: true });
  });

  it('drops a page on one server when the post changes through the other', async () => {
    const [a, b] = await Promise.all([server(stores[0] as Store), server(stores[1] as Store)]);
    const cookie = await b.h.signIn();
    const added = await b.h.call('POST', '/api/admin/posts', { cookie, body: { title: 'Shared', content: 'Body' } });
    const { id } = ((await added.json()) as { post: BlogPost }).post;
    const page = async () => {
      const response = await a.h.call('GET', `/blog/${id}`, { headers: { 'accept-encoding': 'br' } });
      if (response.status !== 200) return response.status;
      // A page rendered for this request alone (before the watch listens) is sent as it is; a kept one compressed.
      const body = Buffer.from(await response.arrayBuffer());
      return (response.headers.get('content-encoding') === 'br' ? zlib.brotliDecompressSync(body) : body).toString();
    };
    // A's watch starts with the app: until it listens, A renders every request, and the
    // notification of B's insert may reach it late. Then two requests in a row render nothing.
    await eventually(async () => {
      const before = a.renders();
      const [first, second] = [await page(), await page()];
      return first === '<h1>Shared</h1>' && second === first && a.renders() === before;
    });

    await sql`update posts set title = 'Shared, corrected' where id = ${id}`.execute(stores[1]?.db as Store['db']);
    await eventually(async () => (await page()) === '<h1>Shared, corrected</h1>');
    expect((await b.h.call('DELETE', `/api/admin/posts/${id}`, { cookie })).status).toBe(204);
    await eventually(async () => (await page()) === 404);
  });

  it('keeps nothing while its listening connection is down, and keeps pages again once it is back', async () => {
    const { h, renders } = await server(stores[2] as Store);
    const cookie = await h.signIn();
    const added = await h.call('POST', '/api/admin/posts', { cookie, body: { title: 'Listening', content: 'Body' } });
    const { id } = ((await added.json()) as { post: BlogPost }).post;
    const twice = async () => {
      const before = renders();
      for (let i = 0; i < 2; i += 1) expect((await h.call('GET', `/blog/${id}`)).status).toBe(200);
      return renders() - before;
    };
    await eventually(async () => (await twice()) === 0);
    // Cut every listening connection, as a restart of PostgreSQL or a network failure would.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen posts_changed' and pid <> pg_backend_pid()`.execute(
      stores[0]?.db as Store['db'],
    );
    await eventually(async () => (await twice()) === 2);
    // Back within the first retry (half a second): pages are kept again.
    await eventually(async () => (await twice()) === 0);
  });
});
