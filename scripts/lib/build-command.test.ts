import fs from 'node:fs';
import { expect, it } from 'vitest';
import { BUILD_NODE_FLAGS, BUILD_SCRIPT } from './build-command';

it('is the command `npm run build` runs', () => {
  const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  expect(pkg.scripts.build).toBe(['tsx', ...BUILD_NODE_FLAGS, BUILD_SCRIPT].join(' '));
});
