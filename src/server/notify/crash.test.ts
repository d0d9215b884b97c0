/**
 * SIGKILL in the middle of a burst of 500 leads, with e-mail notifications on (a real SMTP server
 * on loopback) and the real server as a child process: after the restart every stored lead is
 * e-mailed, and a lead e-mailed twice is one whose message was in flight at the kill (accepted by
 * the mail server before the kill, its sending not yet recorded). The count is printed.
 */
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { submitBurst } from '../../../tests/server/burst';
import { sampleLead } from '../../../tests/server/harness';
import { startMailSink, type MailSink } from '../../../tests/server/mail-sink';
import { freshDataDir } from '../../../tests/server/pglite';
import { spawnServer, TEST_CREDENTIALS, type ServerProcess } from '../../../tests/server/spawn-server';
import { DEFAULT_CONCURRENCY } from './worker';

const TOTAL = 500;
/** Clients posting at once: enough to keep the server busy, not so many that the burst is over before the first e-mails. */
const CONCURRENCY = 8;
/** Killed once this many leads were answered and this many e-mails arrived: mid-burst, with sends flowing. */
const KILL_AFTER_ACKS = 150;
const KILL_AFTER_MAILS = 10;
/**
 * Safety nets, never waited out on a working run: the first e-mails arrive within seconds, the
 * restarted server sends every lead within a minute on a busy 2-core machine, and a machine three
 * times slower, beside other test files, must still pass.
 */
const MAILS_FLOWING_MS = 180_000;
const ALL_SENT_MS = 240_000;
/** A server start: about 10 s here, so three times that, beside the rest of the suite, with room. */
const START = { timeoutMs: 240_000 };
let dataDir = '';
let sink: MailSink | undefined;
const servers: ServerProcess[] = [];

afterAll(async () => {
  for (const { child } of servers) if (child.exitCode === null) child.kill('SIGKILL');
  await sink?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Lead {
  id: string;
  deliveries: { channel: string; state: string }[];
}

async function storedLeads(origin: string): Promise<Lead[]> {
  const login = await fetch(`${origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ username: TEST_CREDENTIALS.ADMIN_USERNAME, password: TEST_CREDENTIALS.ADMIN_PASSWORD }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const response = await fetch(`${origin}/api/admin/leads?limit=1000`, { headers: { cookie } });
  return ((await response.json()) as { leads: Lead[] }).leads;
}

const messageIdOf = (id: string) => `<lead.${id}.1@garlicbrothers.example>`;

describe('a server killed with SIGKILL during a burst of leads', () => {
  it('e-mails every stored lead after the restart; only messages in flight at the kill go twice', async () => {
    dataDir = await freshDataDir();
    // A mail server that takes a little time per message, so sends are in flight when the kill comes.
    sink = await startMailSink({ delayMs: 5 });
    const env = {
      DATA_DIR: dataDir,
      RATE_LIMIT_PER_MINUTE: '1000000',
      SMTP_URL: sink.url,
      LEAD_NOTIFY_TO: 'sales@garlicbrothers.example',
      LEAD_NOTIFY_FROM: 'leads@garlicbrothers.example',
    };
    const first = await spawnServer(0, env, START);
    servers.push(first);
    let killedAt = Infinity;
    const acked = await submitBurst(first.origin, {
      total: TOTAL,
      concurrency: CONCURRENCY,
      // Sent as a person would (the page shown for 20 s), so no lead is kept in Spam.
      lead: (id) => ({ ...sampleLead('contactEnquiries', id), screening: { trap: '', shownForMs: 20_000 } }),
      // Past KILL_AFTER_ACKS the burst waits until the e-mails flow (MAILS_FLOWING_MS at most), so the kill finds
      // leads and sends both in flight however busy the machine is: on a loaded one the worker's
      // first sends could otherwise come after the last lead.
      before: async (count) => {
        if (count < KILL_AFTER_ACKS) return;
        const deadline = Date.now() + MAILS_FLOWING_MS;
        while ((sink?.messages.length ?? 0) < KILL_AFTER_MAILS && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      },
      onAck: (count) => {
        if (killedAt === Infinity && count >= KILL_AFTER_ACKS && (sink?.messages.length ?? 0) >= KILL_AFTER_MAILS) {
          first.child.kill('SIGKILL');
          killedAt = performance.now();
        }
      },
    });
    expect(killedAt, 'the burst ended before the kill').toBeLessThan(Infinity);
    expect(await first.exited).toBeNull();
    expect(acked.size).toBeLessThan(TOTAL);
    const beforeKill = sink.messages.filter((mail) => mail.acceptedAt <= killedAt).length;
    expect(beforeKill).toBeGreaterThan(0);

    // The killed process's last message may still be arriving as the kill lands (the mail server
    // accepts it once its last bytes are read), so what was sent before the kill is told apart from
    // what was sent after by the moment the second process starts.
    const restartedAt = performance.now();
    const second = await spawnServer(0, env, START);
    servers.push(second);
    let stored: Lead[] = [];
    const deadline = Date.now() + ALL_SENT_MS;
    for (;;) {
      stored = await storedLeads(second.origin);
      if (stored.every((lead) => lead.deliveries.some((d) => d.channel === 'email' && d.state === 'sent')) || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const storedIds = new Set(stored.map((lead) => lead.id));
    expect(storedIds.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    expect([...acked].filter((id) => !storedIds.has(id))).toEqual([]);
    expect(stored.filter((lead) => !lead.deliveries.some((d) => d.channel === 'email' && d.state === 'sent')).map((lead) => lead.id)).toEqual([]);

    // Every stored lead's message reached the mail server; nothing else did.
    const copies = new Map<string, number[]>();
    for (const mail of sink.messages)
      copies.set(mail.headers.get('message-id') ?? '', [...(copies.get(mail.headers.get('message-id') ?? '') ?? []), mail.acceptedAt]);
    expect([...storedIds].filter((id) => !copies.has(messageIdOf(id)))).toEqual([]);
    expect(copies.size).toBe(storedIds.size);
    const twice = [...copies].filter(([, times]) => times.length > 1);
    console.log(
      `[crash test] ${storedIds.size} leads stored (${acked.size} acknowledged), ${sink.messages.length} e-mails, ` +
        `${twice.length} lead(s) e-mailed twice: ${twice.map(([id]) => id).join(' ') || 'none'}`,
    );
    for (const [id, times] of twice) {
      // Sent once before the kill and once after the restart: it was in flight when the process died.
      expect(times, id).toHaveLength(2);
      expect(times[0], id).toBeLessThanOrEqual(restartedAt);
      expect(times[1], id).toBeGreaterThan(restartedAt);
    }
    // No more than the worker had in flight at once.
    expect(twice.length).toBeLessThanOrEqual(DEFAULT_CONCURRENCY);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 900_000);
});
