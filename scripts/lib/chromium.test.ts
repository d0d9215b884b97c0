import { chromium, type Browser } from 'playwright-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseChromium, describeChromium, launchChromium, resolveChromium } from './chromium';

/** Debian's Chromium, installed on many machines: used only when CHROME_PATH names it. */
const SYSTEM_CHROMIUM = '/usr/bin/chromium';

const only =
  (...files: string[]) =>
  (file: string) =>
    files.includes(file);

describe('chooseChromium', () => {
  it('takes CHROME_PATH first, even when a system Chromium is installed', () => {
    expect(chooseChromium({ CHROME_PATH: '/opt/chrome/chrome' }, only('/opt/chrome/chrome', SYSTEM_CHROMIUM))).toEqual({
      source: 'CHROME_PATH',
      path: '/opt/chrome/chrome',
    });
  });

  it('fails naming CHROME_PATH when nothing is there, rather than falling back', () => {
    expect(() => chooseChromium({ CHROME_PATH: '/opt/typo/chrome' }, only(SYSTEM_CHROMIUM))).toThrow(
      /^CHROME_PATH is set to \/opt\/typo\/chrome, but there is no such file\./,
    );
  });

  it('takes the npm package when CHROME_PATH is unset or empty, even with a system Chromium installed', () => {
    expect(chooseChromium({}, only(SYSTEM_CHROMIUM))).toEqual({ source: 'npm' });
    expect(chooseChromium({ CHROME_PATH: '' }, only(SYSTEM_CHROMIUM))).toEqual({ source: 'npm' });
    expect(chooseChromium({}, only())).toEqual({ source: 'npm' });
  });

  it('takes the system Chromium when CHROME_PATH names it', () => {
    expect(chooseChromium({ CHROME_PATH: SYSTEM_CHROMIUM }, only(SYSTEM_CHROMIUM))).toEqual({ source: 'CHROME_PATH', path: SYSTEM_CHROMIUM });
  });
});

describe('resolveChromium', () => {
  const sources = {
    CHROME_PATH: { env: { CHROME_PATH: '/opt/chrome/chrome' }, exists: only('/opt/chrome/chrome', SYSTEM_CHROMIUM) },
    npm: { env: {}, exists: only(SYSTEM_CHROMIUM) },
  } as const;

  it('unpacks the npm Chromium only when it is the one chosen', async () => {
    const unpack = vi.fn(async () => '/tmp/chromium');
    const named = await resolveChromium({ ...sources.CHROME_PATH, unpack });
    expect(named).toMatchObject({ executablePath: '/opt/chrome/chrome', source: 'CHROME_PATH' });
    expect(unpack).not.toHaveBeenCalled();

    const npm = await resolveChromium({ ...sources.npm, unpack });
    expect(npm).toMatchObject({ executablePath: '/tmp/chromium', source: 'npm' });
    expect(unpack).toHaveBeenCalledOnce();
    expect(describeChromium(npm)).toBe('Chromium: /tmp/chromium (from the @sparticuz/chromium npm package)');
  });

  it('launches every source with the same flags, none that weaken the browser', async () => {
    const unpack = async () => '/tmp/chromium';
    const [fromEnv, npm] = await Promise.all(Object.values(sources).map((deps) => resolveChromium({ ...deps, unpack })));
    expect(npm.args).toEqual(fromEnv.args);
    // Each launch gets its own list: a launcher that adds a flag does not add it to the next.
    expect(npm.args).not.toBe(fromEnv.args);
    const { args } = npm;
    // The tests and audits run as root, where Chromium refuses to start inside its sandbox.
    expect(args).toContain('--no-sandbox');
    // None of the npm package's own launch flags (they switch off web security, site isolation and
    // mixed-content blocking, and force a single process), apart from the sandbox one above.
    const { default: packed } = await import('@sparticuz/chromium');
    expect(packed.args.length).toBeGreaterThan(5);
    expect(args.filter((flag) => flag !== '--no-sandbox' && packed.args.includes(flag))).toEqual([]);
    expect(args.join(' ')).not.toMatch(/disable-web-security|allow-running-insecure-content|site-isolation|single-process|IsolateOrigins|site-per-process/);
  });
});

describe('shared memory', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each([
    [true, ['--disable-dev-shm-usage']],
    [false, []],
  ])("with room in /dev/shm %s, the launch leaves out of Playwright's default flags %j", async (room, dropped) => {
    const resolved = await resolveChromium({ env: {}, exists: () => false, unpack: async () => '/tmp/chromium', sharedMemory: () => room });
    expect(resolved.devShm).toBe(room);
    const launch = vi.spyOn(chromium, 'launch').mockResolvedValue({} as Browser);
    await launchChromium(resolved);
    expect(launch).toHaveBeenCalledWith(expect.objectContaining({ executablePath: '/tmp/chromium', args: resolved.args, ignoreDefaultArgs: dropped }));
  });

  it("gives the browser this process's environment with the resolved variables on top, and only then an environment of its own", async () => {
    const resolved = await resolveChromium({ env: {}, exists: () => false, unpack: async () => '/tmp/chromium', sharedMemory: () => true });
    const launch = vi.spyOn(chromium, 'launch').mockResolvedValue({} as Browser);
    await launchChromium(resolved);
    expect(launch.mock.calls[0]?.[0]).not.toHaveProperty('env');
    await launchChromium({ ...resolved, env: { FONTCONFIG_FILE: '/tmp/fonts.conf' } });
    expect(launch.mock.calls[1]?.[0]?.env).toEqual({ ...process.env, FONTCONFIG_FILE: '/tmp/fonts.conf' });
  });
});
