/** What the investor dashboard learns from the server: the documents, no server at all, no session there, or an error to retry. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const PORTAL = {
  highlights: [{ title: 'A', text: 'a' }],
  useOfFunds: { intro: 'Six areas.', items: [{ title: 'B', text: 'b' }] },
  documents: { items: [{ title: 'C', href: '/products', text: 'c' }], note: 'Ask.' },
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const server = () => json(200, { ok: true, db: 'pglite' });

let paths: string[];

function serve(health: () => Response, documents: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      paths.push(input);
      return input === '/api/health' ? health() : documents();
    }),
  );
}

// Fresh modules per test: the page's one server probe is remembered in a module.
const load = async () => (await import('./investor-api')).investorDocuments;

beforeEach(() => {
  vi.resetModules();
  paths = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('investorDocuments', () => {
  it('returns the server’s documents to a signed-in investor', async () => {
    serve(server, () => json(200, PORTAL));
    expect(await (await load())()).toEqual({ kind: 'documents', portal: PORTAL });
    expect(paths).toEqual(['/api/health', '/api/investors/documents']);
  });

  it('says there is no server on a static host, without asking for the documents', async () => {
    serve(
      () => new Response('<!doctype html>', { status: 404, headers: { 'Content-Type': 'text/html' } }),
      () => json(200, PORTAL),
    );
    expect(await (await load())()).toEqual({ kind: 'no-server' });
    expect(paths).toEqual(['/api/health']);
  });

  it('says the session is gone when the server answers 401', async () => {
    serve(server, () => json(401, { error: 'Sign in as an investor first' }));
    expect(await (await load())()).toEqual({ kind: 'signed-out' });
  });

  it('throws what failed otherwise: no answer at all, a server error, an answer that is not the documents', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect((await load())()).rejects.toThrow('the server could not be reached (check the connection)');

    vi.resetModules();
    serve(server, () => json(503, { error: 'The database does not answer' }));
    await expect((await load())()).rejects.toThrow('The database does not answer (error 503)');

    vi.resetModules();
    serve(server, () => json(200, { highlights: 'none' }));
    await expect((await load())()).rejects.toThrow('the server’s answer was not the investor documents');
  });
});
