/**
 * A real server, started in the test's process as main.ts starts it, on a fresh PGlite folder and a
 * free loopback port, with a cheap password hash. Its start-up warnings (no e-mail configured, …)
 * are kept for the test rather than printed. stop() ends it and removes its folder.
 */
import fs from 'node:fs';
import { vi } from 'vitest';
import { readConfig } from '../../src/server/config';
import { startServer, type RunningServer } from '../../src/server/server';
import { INVESTOR_PORTAL, LEAD_FORMS } from './harness';
import { freshDataDir } from './pglite';
import { TEST_CREDENTIALS } from './spawn-server';

export interface TestServer {
  running: RunningServer;
  warnings: string[];
  stop(): Promise<void>;
}

/** `env` is added to the configuration; `staticRoot` is the folder of pages it serves (none by default). */
export async function startTestServer(env: Record<string, string | undefined> = {}, staticRoot: string | null = null): Promise<TestServer> {
  const dataDir = await freshDataDir();
  const config = readConfig({ ...TEST_CREDENTIALS, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, ...env });
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  let running: RunningServer;
  let warnings: string[];
  try {
    running = await startServer(config, { staticRoot, investorPortal: INVESTOR_PORTAL, leadForms: LEAD_FORMS, scryptCost: { N: 2 ** 10, r: 8, p: 1 } });
    warnings = warn.mock.calls.map((call) => String(call[0]));
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  } finally {
    warn.mockRestore();
  }
  return {
    running,
    warnings,
    async stop() {
      await running.stop(1_000);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
