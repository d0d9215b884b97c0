/**
 * The one place that decides which Chromium every launcher drives (browser tests, Lighthouse,
 * the accessibility audit, screenshots, social cards) and with which flags:
 *
 *   1. CHROME_PATH, when set (an error when nothing is there: a typo must not silently fall back);
 *   2. else the headless Chromium packed inside the @sparticuz/chromium npm package, unpacked to
 *      the temp folder on first use, so `npm install && npm test` needs no apt-get and no root,
 *      and nothing downloads a browser from outside the npm registry.
 *
 * A Chromium installed on the machine (Debian's /usr/bin/chromium) is used only when CHROME_PATH
 * names it: the npm package pins one build of the headless shell, so a test's verdict does not
 * depend on what else a machine has installed, and the full browser costs about 1.7 times the CPU
 * of the headless shell for the same pages.
 */
import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { devShmHasRoom } from './dev-shm';

/**
 * The flags for every source: headless, as root, without a GPU, and with Chromium's background
 * chatter (updates, sync, first-run pages) off so it neither reaches the network nor skews timings.
 * @sparticuz/chromium's own `args` are deliberately not used: they switch off web security, site
 * isolation and mixed-content blocking and force a single process, so a page that breaks in a
 * real browser (its CSP, a cross-origin POST to the lead endpoint) could pass. Its binary starts
 * with these flags alone.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

type ChromiumSource = 'CHROME_PATH' | 'npm';

export interface ResolvedChromium {
  executablePath: string;
  args: string[];
  source: ChromiumSource;
  /** Whether /dev/shm has room for the browser's shared memory (see sharedMemoryHasRoom). */
  devShm: boolean;
  /**
   * Variables given to the browser on top of this process's environment: the tests' FONTCONFIG_FILE
   * (./test-fonts.ts), so every machine draws their pages in the same fonts.
   */
  env?: Record<string, string>;
}

/**
 * Playwright starts Chromium with --disable-dev-shm-usage, for containers whose /dev/shm is too
 * small for it (Docker's is 64 MB by default): Chromium then keeps its shared memory in files in
 * the temp folder. Where /dev/shm has a gigabyte free, that flag only costs CPU: with the temp
 * folder on disk, as on this 2-core machine, the same 72 page loads took 9.4-10.3 s of the
 * browser's CPU with it and 8.0-8.6 s without it (2026-11-26).
 */
export const sharedMemoryHasRoom = (): boolean => devShmHasRoom(1024 ** 3);

type ChromiumChoice = { source: 'CHROME_PATH'; path: string } | { source: 'npm' };

/** Which source to use, without touching the npm package (pure, for the unit test). */
export function chooseChromium(env: { CHROME_PATH?: string }, exists: (file: string) => boolean): ChromiumChoice {
  const fromEnv = env.CHROME_PATH;
  if (fromEnv) {
    if (!exists(fromEnv)) {
      throw new Error(
        `CHROME_PATH is set to ${fromEnv}, but there is no such file. Point it at a Chromium binary, or unset it to use ` +
          `the Chromium in the @sparticuz/chromium npm package.`,
      );
    }
    return { source: 'CHROME_PATH', path: fromEnv };
  }
  return { source: 'npm' };
}

interface ChromiumDeps {
  env: { CHROME_PATH?: string };
  exists: (file: string) => boolean;
  /** Unpacks the npm package's Chromium (once per machine) and returns its path. */
  unpack: () => Promise<string>;
  /** Whether /dev/shm has room for the browser's shared memory. */
  sharedMemory: () => boolean;
}

async function unpackNpmChromium(): Promise<string> {
  // Imported only when needed: a machine whose CHROME_PATH names a browser never unpacks the 200 MB binary.
  const { default: packed } = await import('@sparticuz/chromium');
  return packed.executablePath();
}

/** The browser to launch: its path, the flags, and where it came from. */
export async function resolveChromium(deps: Partial<ChromiumDeps> = {}): Promise<ResolvedChromium> {
  const { env = process.env, exists = fs.existsSync, unpack = unpackNpmChromium, sharedMemory = sharedMemoryHasRoom } = deps;
  const choice = chooseChromium(env, exists);
  const executablePath = choice.source === 'npm' ? await unpack() : choice.path;
  return { executablePath, args: [...CHROMIUM_ARGS], source: choice.source, devShm: sharedMemory() };
}

/** One line for logs: which binary and why that one. */
export function describeChromium({ executablePath, source }: ResolvedChromium): string {
  const why = { CHROME_PATH: 'from CHROME_PATH', npm: 'from the @sparticuz/chromium npm package' }[source];
  return `Chromium: ${executablePath} (${why})`;
}

/** Launches headless Chromium through playwright-core: the one given, or the one resolveChromium picks. */
export async function launchChromium(resolved?: ResolvedChromium): Promise<Browser> {
  const { executablePath, args, devShm, env } = resolved ?? (await resolveChromium());
  return chromium.launch({
    executablePath,
    args,
    headless: true,
    ignoreDefaultArgs: devShm ? ['--disable-dev-shm-usage'] : [],
    ...(env ? { env: { ...process.env, ...env } } : {}),
  });
}
