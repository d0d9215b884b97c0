import { chromium, type Browser } from 'playwright-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SYSTEM_CHROMIUM, chooseChromium, describeChromium, launchChromium, resolveChromium } from './chromium';

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

  it('takes /usr/bin/chromium when CHROME_PATH is unset or empty', () => {
    expect(chooseChromium({}, only(SYSTEM_CHROMIUM))).toEqual({ source: 'system', path: '/usr/bin/chromium' });
    expect(chooseChromium({ CHROME_PATH: '' }, only(SYSTEM_CHROMIUM))).toEqual({ source: 'system', path: '/usr/bin/chromium' });
  });

  it('falls back to the npm package when there is no system Chromium', () => {
    expect(chooseChromium({}, only())).toEqual({ source: 'npm' });
  });
});

describe('resolveChromium', () => {
  const sources = {
    CHROME_PATH: { env: { CHROME_PATH: '/opt/chrome/chrome' }, exists: only('/opt/chrome/chrome', SYSTEM_CHROMIUM) },
    system: { env: {}, exists: only(SYSTEM_CHROMIUM) },
    npm: { env: {}, exists: only() },
  } as const;

  it('unpacks the npm Chromium only when it is the one chosen', async () => {
    const unpack = vi.fn(async () => '/tmp/chromium');
    const system = await resolveChromium({ ...sources.system, unpack });
    expect(system).toMatchObject({ executablePath: SYSTEM_CHROMIUM, source: 'system' });
    expect(unpack).not.toHaveBeenCalled();

    const npm = await resolveChromium({ ...sources.npm, unpack });
    expect(npm).toMatchObject({ executablePath: '/tmp/chromium', source: 'npm' });
    expect(unpack).toHaveBeenCalledOnce();
    expect(describeChromium(npm)).toBe('Chromium: /tmp/chromium (from the @sparticuz/chromium npm package)');
  });

  it('launches every source with the same flags, none that weaken the browser', async () => {
    const unpack = async () => '/tmp/chromium';
    const [fromEnv, system, npm] = await Promise.all(Object.values(sources).map((deps) => resolveChromium({ ...deps, unpack })));
    expect(system.args).toEqual(fromEnv.args);
    expect(npm.args).toEqual(fromEnv.args);
    // Each launch gets its own list: a launcher that adds a flag does not add it to the next.
    expect(npm.args).not.toBe(system.args);
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
});
