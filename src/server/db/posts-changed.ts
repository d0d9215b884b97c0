/**
 * Changes to the posts table as they happen, from the notifications its trigger sends (migration
 * 0003), so a server that keeps rendered pages of posts (site/page-cache.ts) learns of a change
 * made by another server on the same PostgreSQL, or by hand.
 *
 * PGlite delivers them in the same process before the statement that caused them resolves.
 * PostgreSQL delivers them on a connection of their own, which can drop: then changes may be
 * missed, so the watch says it is not live and reports "any post" (null) when it drops and again
 * once it listens again, and whoever keeps pages must not serve them meanwhile.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { Kysely } from 'kysely';
import { Client } from 'pg';
import type { Database } from './schema';
import { errorMessage } from '../../shared/error-message';

export const POSTS_CHANNEL = 'posts_changed';

/** A post's id, or null when any post may have changed. */
export type PostsListener = (id: number | null) => void;

export interface PostsWatch {
  /** False while a change could go unreported. */
  readonly live: boolean;
  close(): Promise<void>;
}

function idOf(payload: string | undefined): number | null {
  return payload && /^\d{1,9}$/.test(payload) ? Number(payload) : null;
}

/**
 * `db` is the Kysely over the same PGlite: LISTEN goes through its one connection like any query,
 * so it never lands inside another request's transaction (whose rollback would undo it).
 */
export async function watchPGlitePosts(pglite: PGlite, db: Kysely<Database>, listener: PostsListener): Promise<PostsWatch> {
  const unlisten = await db.connection().execute(() => pglite.listen(POSTS_CHANNEL, (payload) => listener(idOf(payload))));
  let live = true;
  return {
    get live() {
      return live;
    },
    async close() {
      live = false;
      await db
        .connection()
        .execute(() => unlisten())
        .catch(() => {
          // Already closed with the database.
        });
    },
  };
}

/** Retries after a lost or refused connection start at this and double up to the maximum. */
const RETRY_MS = { first: 500, max: 30_000 };

export async function watchPostgresPosts(connectionString: string, listener: PostsListener, log: (message: string) => void = defaultLog): Promise<PostsWatch> {
  let client: Client | null = null;
  let closed = false;
  let retryMs = RETRY_MS.first;
  let retry: NodeJS.Timeout | null = null;

  const lost = (reason: string) => {
    client = null;
    if (closed) return;
    log(`not listening for changes to posts (${reason}); pages of posts are rendered on every request until it is back`);
    listener(null);
    retry = setTimeout(() => void connect(), retryMs);
    retry.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MS.max);
  };

  const connect = async () => {
    retry = null;
    const candidate = new Client({ connectionString });
    // An error on this connection is followed by 'end', which is handled below; unhandled, it would end the process.
    candidate.on('error', () => {});
    candidate.on('notification', (message) => {
      if (message.channel === POSTS_CHANNEL) listener(idOf(message.payload));
    });
    try {
      await candidate.connect();
      await candidate.query(`listen ${POSTS_CHANNEL}`);
    } catch (error) {
      await candidate.end().catch(() => {});
      lost(errorMessage(error));
      return;
    }
    if (closed) {
      await candidate.end().catch(() => {});
      return;
    }
    candidate.on('end', () => {
      if (client === candidate) lost('the connection ended');
    });
    client = candidate;
    retryMs = RETRY_MS.first;
    // Whatever changed while nobody listened.
    listener(null);
  };

  await connect();
  return {
    get live() {
      return client !== null;
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const open = client;
      client = null;
      await open?.end().catch(() => {});
    },
  };
}

function defaultLog(message: string): void {
  console.error(JSON.stringify({ time: new Date().toISOString(), level: 'error', msg: message }));
}
