/**
 * A process that locks a data directory when told to, for the lock test's races. Each line on
 * stdin is a command, answered with one line on stdout:
 * - `lock <start file>`: answers 'armed', waits until the start file exists, then tries to lock
 *   and answers 'won' or 'lost: …'. Two contenders armed with the same file spin on it, so they
 *   try within microseconds of each other when the test creates it: a start by message would
 *   leave them too far apart to race.
 * - `release`: releases a lock it won, answers 'released'.
 * It says 'ready' once it can take commands.
 */
import fs from 'node:fs';
import readline from 'node:readline';
import { lockDataDir } from '../../src/server/db/dir-lock';

const dir = process.argv[2] as string;
let release: (() => void) | null = null;
const answer = (line: string) => process.stdout.write(`${line}\n`);

answer('ready');
for await (const command of readline.createInterface({ input: process.stdin })) {
  if (command.startsWith('lock ')) {
    const start = command.slice('lock '.length);
    answer('armed');
    const giveUp = Date.now() + 10_000;
    while (!fs.existsSync(start) && Date.now() < giveUp);
    try {
      release = lockDataDir(dir);
      answer('won');
    } catch (error) {
      answer(`lost: ${(error as Error).message}`);
    }
  } else if (command === 'release') {
    release?.();
    release = null;
    answer('released');
  }
}
