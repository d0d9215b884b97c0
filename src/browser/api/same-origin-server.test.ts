/** Telling the site's own server from a static host by its answer to /api/health. */
import { describe, expect, it, vi } from 'vitest';
import { probeServer } from './same-origin-server';

const answer = (status: number, body: string, type: string) => vi.fn(async () => new Response(body, { status, headers: { 'Content-Type': type } }));

describe('probeServer', () => {
  it('is present when the health check answers with the server’s JSON, even with its database down', async () => {
    expect(await probeServer(answer(200, '{"ok":true,"db":"pglite"}', 'application/json'))).toBe('present');
    expect(await probeServer(answer(503, '{"ok":false,"db":"postgres","error":"The database does not answer"}', 'application/json'))).toBe('present');
  });

  it('is absent on a static host: its 404 page, a 405, or an HTML fallback for every path', async () => {
    expect(await probeServer(answer(404, '<!doctype html><title>Not found</title>', 'text/html'))).toBe('absent');
    expect(await probeServer(answer(405, '', 'text/plain'))).toBe('absent');
    expect(await probeServer(answer(200, '<!doctype html><title>Garlic Brothers</title>', 'text/html; charset=utf-8'))).toBe('absent');
    expect(await probeServer(answer(200, '{"status":"up"}', 'application/json'))).toBe('absent');
    expect(await probeServer(answer(200, 'not json', 'application/json'))).toBe('absent');
  });

  it('is unknown when nothing answers', async () => {
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await probeServer(offline)).toBe('unknown');
  });
});
