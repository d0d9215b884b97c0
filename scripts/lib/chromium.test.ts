import { describe, expect, it, vi } from 'vitest';
import { CHROMIUM_ARGS, SYSTEM_CHROMIUM, chooseChromium, describeChromium, resolveChromium } from './chromium';

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
  it('unpacks the npm Chromium only when it is the one chosen', async () => {
    const unpack = vi.fn(async () => '/tmp/chromium');
    const system = await resolveChromium({ env: {}, exists: only(SYSTEM_CHROMIUM), unpack });
    expect(system).toEqual({ executablePath: SYSTEM_CHROMIUM, args: [...CHROMIUM_ARGS], source: 'system' });
    expect(unpack).not.toHaveBeenCalled();

    const npm = await resolveChromium({ env: {}, exists: only(), unpack });
    expect(npm).toEqual({ executablePath: '/tmp/chromium', args: [...CHROMIUM_ARGS], source: 'npm' });
    expect(unpack).toHaveBeenCalledOnce();
    expect(describeChromium(npm)).toBe('Chromium: /tmp/chromium (from the @sparticuz/chromium npm package)');
  });

  it('launches every source with our flags, none that weaken the browser', async () => {
    const { args } = await resolveChromium({ env: {}, exists: only(), unpack: async () => '/tmp/chromium' });
    expect(args).toEqual([
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ]);
    expect(args.join(' ')).not.toMatch(/disable-web-security|allow-running-insecure-content|site-isolation|single-process|IsolateOrigins|site-per-process/);
  });
});
