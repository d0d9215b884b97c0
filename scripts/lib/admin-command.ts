/**
 * What `npm run admin:add` and `npm run admin:remove` do, given the command line's arguments, the
 * password piped in and where to print, and returning the exit status: 0 done, 1 refused (one line
 * on standard error, which is meant for the operator as it is: no stack trace to bury it), 2 a
 * command line that is not one. scripts/admin-accounts.ts runs it on the server's database.
 */
import { addAccount, AccountError, removeAccount } from '../../src/server/auth/accounts';
import { DEFAULT_COST } from '../../src/server/auth/password';
import type { Store } from '../../src/server/db/connect';
import { DataDirInUse } from '../../src/server/db/dir-lock';
import { errorMessage } from '../../src/shared/error-message';

export const USAGE = 'Usage: npm run admin:add -- someone@company.example   |   npm run admin:remove -- someone@company.example';

export interface CommandIo {
  /** The password piped to standard input, without its final line break; '' when none was (a terminal, or /dev/null). */
  pipedPassword(): Promise<string>;
  out(line: string): void;
  err(line: string): void;
}

class Refusal extends Error {}

async function openDatabase(open: () => Promise<Store>): Promise<Store> {
  try {
    return await open();
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

async function add(store: Store, email: string, io: CommandIo): Promise<void> {
  const piped = await io.pipedPassword();
  const added = await addAccount(store.db, {
    email,
    password: piped === '' ? undefined : piped,
    createdBy: null,
    source: 'command',
    now: new Date(),
    cost: DEFAULT_COST,
  });
  if (!added.generated) {
    io.out(`Added the admin account ${added.account.name}, with the password from standard input.`);
    return;
  }
  io.out(`Added the admin account ${added.account.name}. Its password, shown this once (the database keeps only a hash):`);
  io.out('');
  io.out(`    ${added.password}`);
  io.out('');
  io.out('Give it to them over a channel you trust; they sign in at /admin/login with their e-mail address and this password.');
}

async function remove(store: Store, email: string, io: CommandIo): Promise<void> {
  const removed = await removeAccount(store.db, email, null);
  io.out(`Removed the admin account ${removed}; its sessions have ended.`);
}

const COMMANDS: Record<string, (store: Store, email: string, io: CommandIo) => Promise<void>> = { add, remove };

/** Runs `admin:<argv[0]> <argv[1]>` on the database `open` opens (and this closes); returns the exit status. */
export async function adminCommand(argv: readonly string[], io: CommandIo, open: () => Promise<Store>): Promise<number> {
  const [command, ...args] = argv;
  const run = command ? COMMANDS[command] : undefined;
  if (!run || args.length !== 1 || !args[0]) {
    io.err(USAGE);
    return 2;
  }
  let store: Store | undefined;
  try {
    store = await openDatabase(open);
    await run(store, args[0], io);
    return 0;
  } catch (error) {
    const known = error instanceof AccountError || error instanceof Refusal;
    io.err(`[admin:${command}] ${known ? '' : 'failed: '}${errorMessage(error)}`);
    return 1;
  } finally {
    await store?.close();
  }
}
