import fs from 'node:fs';
import { expect, it } from 'vitest';
import { BUILD_NODE_FLAGS, BUILD_SCRIPT, FOR_SERVER_FLAG } from './build-command';

it('is the command `npm run build` runs', () => {
  const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  expect(pkg.scripts.build).toBe(['tsx', ...BUILD_NODE_FLAGS, BUILD_SCRIPT].join(' '));
});

it("is the build `npm start` runs, for the site's own server", () => {
  const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  expect(pkg.scripts.start.startsWith(`npm run build -- ${FOR_SERVER_FLAG} && `)).toBe(true);
});
