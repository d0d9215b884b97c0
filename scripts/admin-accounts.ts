/**
 * `npm run admin:add -- someone@company.example` and `npm run admin:remove -- someone@company.example`:
 * admin accounts from the command line, on the server's database (DATABASE_URL, else PGlite in
 * DATA_DIR). Adding prints a generated password once, or takes the password from standard input
 * when that is not a terminal (`… | npm run admin:add -- …`). Removing ends the account's sessions
 * and refuses to remove the last account. A PGlite folder open in a running server cannot be opened
 * here too: the command says so and points to the Team section of /admin, which does the same.
 * What each command does is scripts/lib/admin-command.ts; this file gives it the process's own
 * arguments, standard input and output, and the configured database.
 */
import { readConfig } from '../src/server/config';
import { openStore } from '../src/server/db/connect';
import { adminCommand } from './lib/admin-command';

/** What was piped in; '' when standard input is a terminal (nothing to read) or empty. */
async function pipedPassword(): Promise<string> {
  if (process.stdin.isTTY) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

const status = await adminCommand(process.argv.slice(2), { pipedPassword, out: (line) => console.log(line), err: (line) => console.error(line) }, () => {
  const config = readConfig();
  return openStore(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
});
process.exit(status);
