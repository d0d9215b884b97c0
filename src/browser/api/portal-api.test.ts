/** The portals' API client: what an administrator or an investor reads when a call fails, and how a lost session is told apart. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request } from './portal-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

const answer = (status: number, body: string, type = 'application/json') =>
  vi.fn(async () => new Response(body, { status, headers: { 'Content-Type': type } }));

describe('request', () => {
  it('passes a 2xx answer through', async () => {
    vi.stubGlobal('fetch', answer(200, '{"leads":[]}'));
    expect(await (await request('/api/admin/leads')).json()).toEqual({ leads: [] });
  });

  it('turns the server’s error into a message with its status', async () => {
    vi.stubGlobal('fetch', answer(409, '{"error":"Only job and partnership applications have a status"}'));
    const error = await request('/api/admin/leads/GB-22222222', { method: 'PATCH' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Only job and partnership applications have a status (error 409)');
    expect((error as ApiError).serverMessage).toBe('Only job and partnership applications have a status');
    expect((error as ApiError).signedOut).toBe(false);
  });

  it('puts the status before the full stop of a server message that is a sentence, since every screen adds its own', async () => {
    vi.stubGlobal(
      'fetch',
      answer(400, '{"error":"Image path \\"x\\" is neither a path on this site nor an https:// address; the pages would show the placeholder instead."}'),
    );
    const error = (await request('/api/admin/posts', { method: 'POST' }).catch((e: unknown) => e)) as ApiError;
    expect(`The post was not published: ${error.message}.`).toBe(
      'The post was not published: Image path "x" is neither a path on this site nor an https:// address; the pages would show the placeholder instead (error 400).',
    );
    expect(error.serverMessage).toMatch(/instead\.$/);
  });

  it('marks a 401 as a session the server no longer knows', async () => {
    vi.stubGlobal('fetch', answer(401, '{"error":"Sign in first"}'));
    const error = (await request('/api/admin/session').catch((e: unknown) => e)) as ApiError;
    expect(error.signedOut).toBe(true);
  });

  it('names the status alone when the answer is not the server’s JSON (a proxy’s error page)', async () => {
    vi.stubGlobal('fetch', answer(502, '<h1>Bad Gateway</h1>', 'text/html'));
    const error = (await request('/api/admin/leads').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('the server answered with error 502');
    expect(error.serverMessage).toBe('');
  });

  it('says the server could not be reached when the request itself fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = (await request('/api/admin/leads').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.message).toBe('the server could not be reached (check the connection)');
  });
});
