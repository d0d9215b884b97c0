/** Reading a JSON body: what is refused before any route logic runs, with which status and message. */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { Env } from '../context';
import { HttpError, readJsonObject, rejectUnknownKeys } from './json';

/** POSTs `body` with `contentType` to a route that answers what readJsonObject read, or the refusal. */
async function read(body: string | Uint8Array<ArrayBuffer>, contentType: string | null = 'application/json'): Promise<{ status: number; json: unknown }> {
  const app = new Hono<Env>();
  app.post('/', async (c) => c.json({ read: await readJsonObject(c) }));
  app.onError((error, c) => (error instanceof HttpError ? c.json({ error: error.message }, error.status) : c.json({ error: 'failed' }, 500)));
  const response = await app.request('/', { method: 'POST', body, headers: contentType === null ? {} : { 'content-type': contentType } });
  return { status: response.status, json: await response.json() };
}

describe('readJsonObject', () => {
  it('reads a JSON object sent as application/json, with or without a charset', async () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON', 'application/json ;charset=utf-8']) {
      expect(await read('{"name":"Asha","n":[1,2]}', type)).toEqual({ status: 200, json: { read: { name: 'Asha', n: [1, 2] } } });
    }
  });

  it('refuses any other content type with 415', async () => {
    const refused = { status: 415, json: { error: 'Send the body as JSON with Content-Type: application/json' } };
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonp', 'text/application/json', null]) {
      expect(await read('{}', type)).toEqual(refused);
    }
  });

  it('refuses a body that is not JSON, or not an object', async () => {
    expect(await read('{"name":')).toEqual({ status: 400, json: { error: 'The body is not valid JSON' } });
    for (const body of ['[1,2]', 'null', '"hi"', '42']) expect(await read(body)).toEqual({ status: 400, json: { error: 'The body must be a JSON object' } });
  });

  // Decoded leniently, each such byte became U+FFFD and was stored in place of what was sent.
  it('refuses bytes that are not UTF-8 (Latin-1, a cut sequence, an encoded surrogate), and reads a byte-order mark as nothing', async () => {
    const refused = { status: 400, json: { error: 'The body is not UTF-8 text; send the JSON encoded as UTF-8' } };
    for (const bytes of [[0xe9], [0xc3], [0xff, 0xfe], [0xed, 0xa0, 0x80], [0xc0, 0xaf]]) {
      const body = Buffer.concat([Buffer.from('{"message":"Caf'), Buffer.from(bytes), Buffer.from('"}')]);
      expect(await read(new Uint8Array(body), 'application/json; charset=iso-8859-1')).toEqual(refused);
    }
    expect(await read('\uFEFF{"message":"Café"}')).toEqual({ status: 200, json: { read: { message: 'Café' } } });
  });

  it('refuses text the database cannot store, naming where it is', async () => {
    expect(await read('{"fields":{"name":"A\\u0000"}}')).toEqual({
      status: 400,
      json: { error: '"fields.name" holds a character that cannot be stored: U+0000 (NUL); remove it' },
    });
  });
});

describe('rejectUnknownKeys', () => {
  const refusal = (value: Record<string, unknown>) => {
    try {
      rejectUnknownKeys(value, ['trap', 'shownForMs'], 'the screening');
    } catch (error) {
      if (error instanceof HttpError && error.status === 400) return error.message;
      throw error;
    }
    return null;
  };

  it('takes the allowed keys, any of them missing', () => {
    expect(refusal({ trap: '', shownForMs: 1 })).toBeNull();
    expect(refusal({})).toBeNull();
  });

  it('names the first unknown key and where it was, cut to 50 characters', () => {
    expect(refusal({ trap: '', score: 1, other: 2 })).toBe('Unknown field "score" in the screening');
    expect(refusal({ ['k'.repeat(60)]: 1 })).toBe(`Unknown field "${'k'.repeat(50)}" in the screening`);
  });
});
