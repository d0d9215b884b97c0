/**
 * A file saved while a page of the dev server is open, as an editor saves one, and the page's
 * following of it awaited. Apart from dev-server.ts, which the dev benchmark imports outside vitest.
 */
import type { Page } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { DevServer } from './dev-server';

/**
 * The `[vite] …` lines Vite's client in `page` prints, as they come; call it before the page loads,
 * so its `[vite] connected.` is among them.
 */
export function viteClientLines(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('[vite]')) lines.push(message.text());
  });
  return lines;
}

/**
 * Saves `content` in `file` once the page's Vite client is connected, and waits for `followed`. The
 * dev server announces a saved file only to the pages whose socket is open when it sees the change,
 * so a page still connecting on a busy machine would never hear of it. A page that does not follow
 * fails with what the dev server printed and what the page's client said since the save.
 * With `stallMs`, the save stalls between emptying the file and writing the text (see saveFile).
 */
export async function saveAndFollow(
  dev: DevServer,
  client: string[],
  file: string,
  content: string | Buffer,
  followed: () => Promise<unknown>,
  { stallMs = 0 } = {},
): Promise<void> {
  await expect.poll(() => [...client], { message: "Vite's client in the page connects to the dev server" }).toContain('[vite] connected.');
  const printed = dev.output().length;
  const said = client.length;
  await saveFile(file, content, stallMs);
  try {
    await followed();
  } catch (error) {
    const since = (lines: string) => lines.trim() || '(nothing)';
    throw new Error(
      `${(error as Error).message}\nThe dev server printed since ${path.relative(dev.root, file)} was saved:\n${since(dev.output().slice(printed))}\n` +
        `The page's Vite client said:\n${since(client.slice(said).join('\n'))}`,
      { cause: error },
    );
  }
}

/**
 * Writes `content` to `file` as an editor's save does; with `stallMs`, the save stalls that long
 * between emptying the file and writing the text, as one does on a busy machine now and then.
 */
export async function saveFile(file: string, content: string | Buffer, stallMs = 0): Promise<void> {
  if (stallMs > 0) {
    fs.writeFileSync(file, '');
    await new Promise((resolve) => setTimeout(resolve, stallMs));
  }
  fs.writeFileSync(file, content);
}
