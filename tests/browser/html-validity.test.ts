/**
 * The W3C Nu HTML checker (vnu.jar, from the vnu-jar package) over every HTML file of the test
 * build: no errors. It needs Java; where there is none, this file is skipped and says why, once.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DIST_DIR } from '../../src/build/pipeline/build-paths';

const VNU_JAR = path.resolve('node_modules/vnu-jar/build/dist/vnu.jar');
/**
 * The checker's schema predates `<link rel="expect" blocking="render">` (the HTML standard's way to
 * hold the first paint until an element has been parsed), so it reports the blocking attribute
 * there as an error; on any other link the message still counts.
 */
const OLDER_THAN_THE_STANDARD = (m: VnuMessage) =>
  m.message.includes('“blocking” attribute') && /<link rel="expect" href="#[\w-]+" blocking="render">/.test(m.extract ?? '');

/**
 * The client compiler only: a run of a few seconds never repays the optimising compiler, whose
 * threads cost as much CPU again (10.6 s of CPU against 5.9 s for the build's pages, in about
 * the same time). Its frames are larger, so the checker's deep descent through the HTML schema
 * needs a larger stack than the default (a StackOverflowError otherwise).
 */
const JVM_FLAGS = ['-Xss16m', '-XX:TieredStopAtLevel=1'];

const JAVA = process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, 'bin', 'java') : 'java';
const hasJava = spawnSync(JAVA, ['-version'], { stdio: 'ignore' }).status === 0;

if (!hasJava) console.log(`html-validity: skipped: no Java runtime (${JAVA} could not be run), and the W3C HTML checker vnu.jar needs one.`);

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

function htmlFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

describe.skipIf(!hasJava)('HTML validity (W3C Nu checker)', () => {
  it('finds no errors in any page of the build', () => {
    const files = htmlFiles(DIST_DIR);
    expect(files.length).toBeGreaterThan(30);
    // The checker writes its JSON report to stderr, and exits 1 when it found errors.
    const run = spawnSync(JAVA, [...JVM_FLAGS, '-jar', VNU_JAR, '--errors-only', '--format', 'json', ...files], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(run.error).toBeUndefined();
    const report = JSON.parse(run.stderr) as { messages: VnuMessage[] };
    const errors = report.messages
      .filter((m) => m.type === 'error' || m.subType === 'fatal' || m.type === 'non-document-error')
      .filter((m) => !OLDER_THAN_THE_STANDARD(m))
      .map((m) => {
        const file = m.url?.startsWith('file:') ? path.relative(DIST_DIR, fileURLToPath(m.url)) : (m.url ?? '?');
        return `${file}:${m.lastLine ?? '?'}: ${m.message}${m.extract ? ` [${m.extract.replace(/\s+/g, ' ').trim()}]` : ''}`;
      });
    for (const error of errors) console.log(error);
    expect(errors).toEqual([]);
    // 0: no errors at all; 1: errors, which must all have been the one above.
    expect([0, 1]).toContain(run.status);
  }, 600_000);
});
