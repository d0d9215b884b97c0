/**
 * Two server processes on one PostgreSQL, four colleagues, 200 edits of 20 leads at once: status
 * changes, follow-ups, notes and calls, each change made from the version its sender had just
 * read, half through each server. Nothing is lost and nothing stale is applied: every 409 refuses
 * a change made from a version older than the lead's; every accepted change is in the lead's
 * history exactly once, and no two accepted changes of one lead were made from the same version;
 * every note or call answered 201 is stored once. Bounded: 200 edits, each request within 30 s,
 * the whole test within 4 minutes; both servers and the database stopped in afterAll.
 */
import http from 'node:http';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUYER_STATUSES, PARTNER_STAGES } from '@/shared/domain/records';
import { sampleLead } from '../../tests/server/harness';
import { postgresSuite, startTestPostgres, type TestPostgres } from '../../tests/server/postgres';
import { idOf, spawnServer, TEST_CREDENTIALS, type ServerProcess } from '../../tests/server/spawn-server';

const LEADS = 20;
const EDITS = 200;
const TYPES = ['contactEnquiries', 'sampleRequests', 'partnershipApplications'] as const;
const COLLEAGUES = ['anna@garlicbrothers.example', 'omar@garlicbrothers.example', 'li@garlicbrothers.example'];
const REQUEST_MS = 30_000;

type Kind = 'status' | 'followUp' | 'note' | 'call';
interface Edit {
  index: number;
  kind: Kind;
  lead: string;
  type: (typeof TYPES)[number];
  account: string;
  /** The lead's version its sender read just before. */
  read: number;
  /** What the change set: a follow-up day no other edit sets, or a note's text no other edit writes. */
  mark: string;
  status: number;
  answer: Record<string, unknown>;
}

const { available, title } = postgresSuite('200 concurrent edits through two servers on one PostgreSQL');

describe.skipIf(!available)(title, () => {
  let postgres: TestPostgres | undefined;
  const servers: ServerProcess[] = [];
  let db: Client | undefined;

  beforeAll(async () => {
    postgres = await startTestPostgres();
    // Every request comes from this one address: its caps are raised past the 200 edits at once.
    const env = { DATABASE_URL: postgres.url, RATE_LIMIT_PER_MINUTE: '100000', MAX_CONNECTIONS_PER_ADDRESS: '1000' };
    // One first, so that it runs the migrations alone; the second finds them done.
    servers.push(await spawnServer(0, env));
    servers.push(await spawnServer(0, env));
    db = new Client({ connectionString: postgres.url });
    await db.connect();
  }, 600_000);

  afterAll(async () => {
    await db?.end();
    for (const server of servers) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await postgres?.stop();
  }, 60_000);

  // A connection of its own per request (Node's http without an agent), as fetch's reuse of an
  // idle one races the server closing it after its keep-alive time: under load the client's
  // event loop can be late by more than the margin fetch keeps, and the request meets ECONNRESET.
  // What is tested here is the database's concurrency, not HTTP keep-alive.
  const send = (server: ServerProcess, method: string, path: string, cookie?: string, body?: unknown) =>
    new Promise<{ status: number; json: Record<string, unknown>; cookie: string }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const request = http.request(
        `${server.origin}${path}`,
        {
          method,
          agent: false,
          timeout: REQUEST_MS,
          headers: {
            origin: server.origin,
            ...(cookie ? { cookie } : {}),
            ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              json: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
              cookie: response.headers['set-cookie']?.[0]?.split(';')[0] ?? '',
            }),
          );
          response.on('error', reject);
        },
      );
      request.on('timeout', () => request.destroy(new Error(`${method} ${path} had no answer within ${REQUEST_MS / 1000} s`)));
      request.on('error', reject);
      request.end(payload);
    });

  const signIn = async (server: ServerProcess, username: string, password: string) => {
    const answer = await send(server, 'POST', '/api/admin/login', undefined, { username, password });
    expect(answer.status).toBe(200);
    return answer.cookie;
  };

  it('loses no note and applies no stale change', async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    const leads = Array.from({ length: LEADS }, (_, i) => ({ id: idOf(1000 + i), type: TYPES[i % TYPES.length] as (typeof TYPES)[number] }));
    for (const lead of leads) {
      const sent = await send(first, 'POST', '/api/leads', undefined, sampleLead(lead.type, lead.id));
      expect(sent.status).toBe(201);
    }

    // The settings account adds three colleagues; each signs in on one server, the sessions serve on both.
    const boss = await signIn(first, TEST_CREDENTIALS.ADMIN_USERNAME, TEST_CREDENTIALS.ADMIN_PASSWORD);
    const sessions: { account: string; cookie: string }[] = [{ account: TEST_CREDENTIALS.ADMIN_USERNAME, cookie: boss }];
    for (const [i, email] of COLLEAGUES.entries()) {
      const added = await send(first, 'POST', '/api/admin/accounts', boss, { email });
      expect(added.status).toBe(201);
      sessions.push({ account: email, cookie: await signIn(i % 2 ? first : second, email, added.json.password as string) });
    }

    const kinds: Kind[] = ['status', 'followUp', 'note', 'call'];
    const edit = async (index: number): Promise<Edit> => {
      const server = index % 2 ? second : first;
      const { account, cookie } = sessions[index % sessions.length] as (typeof sessions)[number];
      const { id: lead, type } = leads[(index * 7) % LEADS] as (typeof leads)[number];
      const kind = kinds[index % kinds.length] as Kind;
      const read = await send(server, 'GET', `/api/admin/leads/${lead}`, cookie);
      expect(read.status).toBe(200);
      const version = (read.json.lead as { version: number }).version;
      // A day of its own per edit, so each accepted change is a change and can be found in the history.
      const day = new Date(Date.UTC(2027, 0, 1 + index)).toISOString().slice(0, 10);
      const statuses = type === 'partnershipApplications' ? PARTNER_STAGES : BUYER_STATUSES;
      let answer;
      let mark = day;
      if (kind === 'status') {
        answer = await send(server, 'PATCH', `/api/admin/leads/${lead}`, cookie, { status: statuses[index % statuses.length], followUp: day, version });
      } else if (kind === 'followUp') {
        answer = await send(server, 'PATCH', `/api/admin/leads/${lead}`, cookie, { followUp: day, version });
      } else {
        mark = `${kind} ${index} by ${account}`;
        answer = await send(server, 'POST', `/api/admin/leads/${lead}/entries`, cookie, { kind, body: mark });
      }
      return { index, kind, lead, type, account, read: version, mark, status: answer.status, answer: answer.json };
    };

    const started = Date.now();
    const edits = await Promise.all(Array.from({ length: EDITS }, (_, index) => edit(index)));
    expect(Date.now() - started).toBeLessThan(180_000);

    const changes = edits.filter((one) => one.kind === 'status' || one.kind === 'followUp');
    const entries = edits.filter((one) => one.kind === 'note' || one.kind === 'call');
    // Every answer is an acceptance or, for a change, a refusal of a stale version: never an error.
    expect(changes.every((one) => one.status === 200 || one.status === 409)).toBe(true);
    expect(entries.map((one) => one.status)).toEqual(entries.map(() => 201));

    // Every refusal names a version newer than the one the change was made from.
    for (const refused of changes.filter((one) => one.status === 409)) {
      expect(refused.answer.version as number, `edit ${refused.index}`).toBeGreaterThan(refused.read);
    }

    const history = await db!.query<{ lead_id: string; account: string; change: { followUp?: { to: string }; entry?: { id: string } } }>(
      'select lead_id, account, change from lead_activity order by id',
    );
    const stored = await db!.query<{ id: string; lead_id: string; author: string; body: string }>('select id::text, lead_id, author, body from lead_entries');
    const versions = await db!.query<{ id: string; version: number }>('select id, version from leads');

    for (const lead of leads) {
      const accepted = changes.filter((one) => one.lead === lead.id && one.status === 200);
      // No two accepted changes were made from the same version: each was made from the one before it.
      expect(
        accepted.map((one) => one.read).sort((a, b) => a - b),
        lead.id,
      ).toEqual(accepted.map((_, i) => i + 1));
      expect(versions.rows.find((row) => row.id === lead.id)?.version).toBe(accepted.length + 1);
    }
    // Each accepted change is in its lead's history exactly once, by its account; a refused one never.
    for (const change of changes) {
      const rows = history.rows.filter((row) => row.lead_id === change.lead && row.change.followUp?.to === change.mark);
      expect(
        rows.map((row) => row.account),
        `edit ${change.index}`,
      ).toEqual(change.status === 200 ? [change.account] : []);
    }
    // Each note and call is stored once, on its lead, by its author, with its line in the history.
    for (const entry of entries) {
      const rows = stored.rows.filter((row) => row.body === entry.mark);
      expect(
        rows.map((row) => [row.lead_id, row.author]),
        `edit ${entry.index}`,
      ).toEqual([[entry.lead, entry.account]]);
      expect(history.rows.filter((row) => row.change.entry?.id === rows[0]?.id)).toHaveLength(1);
    }
    expect(stored.rows).toHaveLength(entries.length);
    // The test means something only if both outcomes happened.
    expect(changes.filter((one) => one.status === 409).length).toBeGreaterThan(0);
    expect(changes.filter((one) => one.status === 200).length).toBeGreaterThan(0);
  }, 240_000);
});
