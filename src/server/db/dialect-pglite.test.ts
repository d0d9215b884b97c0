/**
 * bytea through the PGlite dialect: what is stored is what is read back, byte for byte, as a
 * Buffer (every byte value, an empty value, a view into a larger buffer, a photo's size), and a
 * value that is not bytes is refused with a message saying what a bytea parameter must be. And a
 * transaction of several statements lets the server's other work run between them.
 */
import crypto from 'node:crypto';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestPGlite } from '../../../tests/server/pglite';
import { PGliteDialect } from './dialect-pglite';

let db: Kysely<{ blobs: { id: number; bytes: Buffer } }>;
let dispose: () => Promise<void>;

beforeAll(async () => {
  const test = await openTestPGlite();
  dispose = test.dispose;
  db = new Kysely({ dialect: new PGliteDialect(test.pglite) });
  await sql`create table blobs (id int primary key, bytes bytea not null)`.execute(db);
}, 120_000);

afterAll(async () => {
  await db?.destroy();
  await dispose?.();
});

it('reads back every byte as stored, as a Buffer', async () => {
  const everyValue = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
  const photoSized = crypto.randomBytes(2_500_000);
  const backing = Buffer.from([9, 9, 1, 2, 3, 9]);
  const view = new Uint8Array(backing.buffer, backing.byteOffset + 2, 3);
  const values = [everyValue, Buffer.alloc(0), photoSized, view];
  for (const [id, bytes] of values.entries())
    await db
      .insertInto('blobs')
      .values({ id, bytes: bytes as Buffer })
      .execute();
  const rows = await db.selectFrom('blobs').select(['id', 'bytes']).orderBy('id').execute();
  for (const row of rows) {
    expect(Buffer.isBuffer(row.bytes)).toBe(true);
    expect(row.bytes.equals(Buffer.from(values[row.id] as Uint8Array))).toBe(true);
  }
  expect(rows[3]?.bytes).toEqual(Buffer.from([1, 2, 3]));
});

it('refuses a value that is not bytes, saying what a bytea parameter must be', async () => {
  await expect(
    db
      .insertInto('blobs')
      .values({ id: 10, bytes: 'not bytes' as unknown as Buffer })
      .execute(),
  ).rejects.toThrow('A bytea parameter must be a Buffer or a Uint8Array');
});

it('lets the event loop turn between the statements of a transaction', async () => {
  // A timer due at once stands for a request that arrived: it must not wait for the COMMIT.
  let timerRan = false;
  const timer = setTimeout(() => (timerRan = true), 0);
  const seenInside: boolean[] = [];
  try {
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 3; i += 1) {
        await sql`select pg_sleep(0.005)`.execute(trx);
        seenInside.push(timerRan);
      }
    });
  } finally {
    clearTimeout(timer);
  }
  expect(seenInside.at(-1)).toBe(true);
});
