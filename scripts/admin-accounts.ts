/**
 * `npm run admin:add -- someone@company.example` and `npm run admin:remove -- someone@company.example`:
 * admin accounts from the command line, on the server's database (DATABASE_URL, else PGlite in
 * DATA_DIR). Adding prints a generated password once, or takes the password from standard input
 * when that is not a terminal (`… | npm run admin:add -- …`). Removing ends the account's sessions
 * and refuses to remove the last account. A PGlite folder open in a running server cannot be opened
 * here too: the command says so and points to the Team section of /admin, which does the same.
 */
import { addAccount, AccountError, removeAccount } from '../src/server/auth/accounts';
import { DEFAULT_COST } from '../src/server/auth/password';
import { readConfig, type ServerConfig } from '../src/server/config';
import { openStore, type Store } from '../src/server/db/connect';
import { DataDirInUse } from '../src/server/db/dir-lock';

const [command, ...args] = process.argv.slice(2);
const name = `admin:${command ?? '?'}`;

class Refusal extends Error {}

async function openDatabase(config: ServerConfig): Promise<Store> {
  try {
    return await openStore(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DataDirInUse) {
      const who = error.holder ? ` (pid ${error.holder.pid})` : '';
      throw new Refusal(
        `The database in ${error.dir} is open in the running server${who}, and PGlite allows one process at a time: ` +
          'use the Team section of /admin on that server instead, or stop the server and run this again.',
      );
    }
    throw error;
  }
}

/** The password piped in, without its final line break; '' when nothing was piped (e.g. < /dev/null). */
async function pipedPassword(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

async function add(store: Store, email: string): Promise<void> {
  const piped = process.stdin.isTTY ? '' : await pipedPassword();
  const added = await addAccount(store.db, {
    email,
    password: piped === '' ? undefined : piped,
    createdBy: null,
    source: 'command',
    now: new Date(),
    cost: DEFAULT_COST,
  });
  if (!added.generated) {
    console.log(`Added the admin account ${added.account.name}, with the password from standard input.`);
    return;
  }
  console.log(`Added the admin account ${added.account.name}. Its password, shown this once (the database keeps only a hash):`);
  console.log('');
  console.log(`    ${added.password}`);
  console.log('');
  console.log('Give it to them over a channel you trust; they sign in at /admin/login with their e-mail address and this password.');
}

async function remove(store: Store, email: string): Promise<void> {
  const removed = await removeAccount(store.db, email, null);
  console.log(`Removed the admin account ${removed}; its sessions have ended.`);
}

const COMMANDS: Record<string, (store: Store, email: string) => Promise<void>> = { add, remove };

const run = command ? COMMANDS[command] : undefined;
if (!run || args.length !== 1 || !args[0]) {
  console.error('Usage: npm run admin:add -- someone@company.example   |   npm run admin:remove -- someone@company.example');
  process.exit(2);
}

let store: Store | undefined;
let status = 0;
try {
  store = await openDatabase(readConfig());
  await run(store, args[0]);
} catch (error) {
  // The refusals are meant for the operator as they are; a stack trace would bury them.
  const known = error instanceof AccountError || error instanceof Refusal;
  console.error(`[${name}] ${known ? '' : 'failed: '}${error instanceof Error ? error.message : String(error)}`);
  status = 1;
} finally {
  await store?.close();
}
process.exit(status);
