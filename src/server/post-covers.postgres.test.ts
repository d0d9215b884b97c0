import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { coverVariant, storeVariant } from './db/post-covers';
import { postCoversSuite } from '../../tests/server/post-covers-suite';
import { suiteOnPostgres } from '../../tests/server/suite-on';
import { resetTables } from '../../tests/server/harness';

suiteOnPostgres('Post covers', (getStore) => {
  postCoversSuite(getStore);

  // A cover replaced while its variant is encoded: the insert has read the photo, then waits on
  // the delete's lock for its foreign-key check, which fails once the delete commits.
  it('stores a variant of a photo deleted while it was encoded as nothing, without an error', async () => {
    const { db } = getStore();
    await resetTables(getStore());
    const key = 'ab12cd34ef56ab12cd34ef56';
    await db.insertInto('photos').values({ key, width: 800, height: 1200, placeholder: '#808080' }).execute();
    let commit!: () => void;
    const deleted = db.transaction().execute(async (trx) => {
      await trx.deleteFrom('photos').where('key', '=', key).execute();
      await new Promise<void>((resolve) => (commit = resolve));
    });
    await expect.poll(() => commit).toBeDefined();
    const stored = storeVariant(db, key, { format: 'webp', width: 320, height: 480, bytes: Buffer.from('webp') });
    // Commit only once the insert waits on the delete's lock.
    await expect
      .poll(async () => (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`.execute(db)).rows[0].n)
      .toBe(1);
    commit();
    await deleted;
    await expect(stored).resolves.toBe(false);
    expect(await coverVariant(db, key, 'webp', 320)).toBeNull();
  });
});
