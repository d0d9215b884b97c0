/**
 * Two server processes on one PostgreSQL, each with the site search: a post the admin publishes
 * through server A is a result of server B's search (its answer without JavaScript and the posts'
 * index its pages merge), and once removed through A it is gone from B's too. Each server keeps
 * its posts' index in its own memory; the database's notifications tell B of A's changes. Bounded:
 * each request within 30 s; both servers and the database are stopped in afterAll.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultLinks, writeSearchSite } from '../../../tests/server/search-site';
import { postgresSuite, startTestPostgres, type TestPostgres } from '../../../tests/server/postgres';
import { spawnServer, TEST_CREDENTIALS, type ServerProcess } from '../../../tests/server/spawn-server';

const REQUEST_MS = 30_000;
const { available, title } = postgresSuite("posts published on one server found by another's search");

describe.skipIf(!available)(title, () => {
  let postgres: TestPostgres | undefined;
  let root = '';
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    root = await writeSearchSite();
    postgres = await startTestPostgres();
    const env = { DATABASE_URL: postgres.url, GB_OUT_DIR: root };
    // One first, so that it runs the migrations alone; the second finds them done.
    servers.push(await spawnServer(0, env));
    servers.push(await spawnServer(0, env));
  }, 600_000);

  afterAll(async () => {
    for (const server of servers) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await postgres?.stop();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  }, 60_000);

  const send = (server: ServerProcess, method: string, pathname: string, headers: Record<string, string> = {}, body?: unknown) =>
    fetch(`${server.origin}${pathname}`, {
      method,
      headers: { origin: server.origin, ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_MS),
    });

  /** The result links of the server's answer to /search?q=… (no script runs). */
  const results = async (server: ServerProcess, query: string) => {
    const response = await send(server, 'GET', `/search?q=${encodeURIComponent(query)}`);
    expect(response.status).toBe(200);
    return resultLinks(await response.text());
  };

  it('finds a post published on A in B, and not once A removed it', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const word = 'Zanzibarvanillin';
    // B has answered a search, and so made its index of posts, before A publishes.
    expect(await results(b, word)).toEqual([]);
    expect(await results(b, 'garlic powder')).toEqual(['/']);

    const login = await send(a, 'POST', '/api/admin/login', {}, { username: TEST_CREDENTIALS.ADMIN_USERNAME, password: TEST_CREDENTIALS.ADMIN_PASSWORD });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
    const added = await send(
      a,
      'POST',
      '/api/admin/posts',
      { cookie },
      { title: `Garlic and ${word}`, excerpt: 'Published on server A.', content: `Garlic with ${word}.` },
    );
    expect(added.status).toBe(201);
    const { post } = (await added.json()) as { post: { id: number } };

    // The notification crosses a connection of its own: B hears it within moments, and its next
    // answer makes its index again first. Asked until then, at most 100 times.
    const found = async (expected: string[]) => {
      for (let attempt = 0; attempt < 100; attempt += 1) {
        if (JSON.stringify(await results(b, word)) === JSON.stringify(expected)) return true;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return false;
    };
    expect(await found([`/blog/${post.id}`])).toBe(true);
    // The posts' index B serves for its pages' search holds it too.
    const entry = (await (await send(b, 'GET', '/pagefind-posts/pagefind-entry.json')).json()) as { languages: Record<string, unknown> };
    expect(Object.keys(entry.languages)).toContain('en');

    expect((await send(a, 'DELETE', `/api/admin/posts/${post.id}`, { cookie })).status).toBe(204);
    expect(await found([])).toBe(true);
  }, 120_000);
});
