/**
 * The server's code (src/server/main.ts and what it imports) as one ES module, bundled by esbuild
 * once per test process, for spawnServer to give to node on its standard input. Started through
 * tsx instead, each server spent about 1 s of CPU of its 2.7 s, and 0.5 s of its start, in tsx's
 * loader, which has nothing left to compile after the first run but answers every import on a
 * thread of its own; the test suite starts about twenty servers.
 *
 * The code is the same: tsx compiles TypeScript with esbuild too. Packages stay imports, which
 * node resolves from the working directory (the checkout), and each file keeps its own
 * import.meta.url, so what the server finds from its own location (the project root, the PGlite
 * package) is what a server started from the source finds.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { REPO_ROOT } from '../../src/server/config';

/** Runs the server as its command line does: main.ts starts it only when it is the entry file, which it is not here. */
const ENTRY = `import { startFromCommandLine } from './src/server/main.ts';\nawait startFromCommandLine();\n`;

let bundled: Promise<string> | undefined;

export function serverBundle(): Promise<string> {
  bundled ??= build({
    stdin: { contents: ENTRY, resolveDir: REPO_ROOT, sourcefile: 'server-entry.ts', loader: 'ts' },
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
    plugins: [
      {
        name: 'own-import-meta-url',
        setup(onBuild) {
          onBuild.onLoad({ filter: /\.tsx?$/ }, async ({ path: file }) => ({
            contents: (await fs.promises.readFile(file, 'utf8')).replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href)),
            loader: path.extname(file) === '.tsx' ? 'tsx' : 'ts',
          }));
        },
      },
    ],
  }).then(({ outputFiles }) => {
    const [output] = outputFiles;
    if (!output) throw new Error('esbuild made no bundle of src/server/main.ts');
    return output.text;
  });
  return bundled;
}
