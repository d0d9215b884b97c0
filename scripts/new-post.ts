/**
 * Scaffolds a blog post for editors: `npm run new:post -- "Post title"` writes
 * content/blog/<next id>-<slug>.mdx with every field of the blog schema filled in, today's date
 * and a short body to replace, then prints the file's path. The file passes `npm run check:content`
 * as written, so an editor can build straight away and change the values one at a time.
 *
 * The content root is the current directory, or GB_CONTENT_ROOT / `--root <dir>` (the tests point
 * it at a temporary copy of content/).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { slugify } from '../src/ui/components/ui/slug';
import { TITLE_MAX } from '../src/build/content/snippet-limits';

export const DEFAULTS = {
  category: 'industry',
  author: 'Garlic Brothers Team',
  readTime: '5 min read',
  image: '/images/blog/placeholder.svg',
} as const;

/** The blog loader's file-name rule: `<id>-<slug>.mdx`. */
const POST_FILE = /^(\d+)-[a-z0-9]+(?:-[a-z0-9]+)*\.mdx$/;

export class NewPostError extends Error {}

/** YYYY-MM-DD in local time: an editor writing late in the evening means today, not UTC's date. */
export function localIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A file-name slug; a title with no Latin letters or digits (e.g. only Devanagari) becomes "post". */
export function postSlug(title: string): string {
  return slugify(title).slice(0, 60).replace(/-+$/, '') || 'post';
}

/** One more than the highest id among the existing post files (1 for an empty folder). */
export function nextId(blogDir: string): number {
  const ids = fs.existsSync(blogDir)
    ? fs
        .readdirSync(blogDir)
        .map((name) => POST_FILE.exec(name)?.[1])
        .filter((id) => id !== undefined)
        .map(Number)
    : [];
  return Math.max(0, ...ids) + 1;
}

/** A YAML double-quoted scalar: JSON strings are valid YAML, and YAML's own line breaks are escaped too. */
function yamlString(value: string): string {
  return JSON.stringify(value).replace(/[\u0085\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The whole file: frontmatter with every BlogFrontmatter field, then a body that compiles as MDX. */
function postFile(id: number, title: string, date: string): string {
  return `---
id: ${id}
title: ${yamlString(title)}
excerpt: "Replace this with one or two sentences that tell a buyer what the post covers and why it matters to them."
category: ${DEFAULTS.category}
author: ${DEFAULTS.author}
date: "${date}"
readTime: "${DEFAULTS.readTime}"
image: ${DEFAULTS.image}
tags: []
featured: false
---

Open with the point of the post in two or three sentences: the question a buyer has and the answer you give.

## The first section

Write each section under its own heading. Use a list or a table where it helps the reader compare options, and link to the product pages, /faq or /contact where a buyer would want to act.
`;
}

interface CreatedPost {
  id: number;
  file: string;
}

/**
 * Writes the new post under `<root>/content/blog/`. Refuses an empty or too long title and a title whose file
 * already exists (under any id), and never overwrites a file.
 */
export function createPost(root: string, rawTitle: string, today: Date = new Date()): CreatedPost {
  const title = rawTitle.replace(/\s+/g, ' ').trim();
  if (!title) throw new NewPostError('Give the post a title: npm run new:post -- "Post title"');
  if (title.length > TITLE_MAX) {
    // The content check would refuse the file; better to say so before writing it.
    throw new NewPostError(
      `The title has ${title.length} characters; at most ${TITLE_MAX} fit in search results (the site adds " | Garlic Brothers" after it). Give a shorter title. Nothing was written.`,
    );
  }
  const blogDir = path.join(root, 'content/blog');
  const slug = postSlug(title);
  // Running the command twice with one title would otherwise leave two drafts of the same post.
  const twin = fs.existsSync(blogDir) ? fs.readdirSync(blogDir).find((name) => POST_FILE.test(name) && name.replace(/^\d+-/, '') === `${slug}.mdx`) : undefined;
  if (twin) throw new NewPostError(`content/blog/${twin} already exists for this title; edit it, or choose another title. Nothing was written.`);
  const id = nextId(blogDir);
  const file = path.join(blogDir, `${String(id).padStart(2, '0')}-${slug}.mdx`);
  fs.mkdirSync(blogDir, { recursive: true });
  try {
    // 'wx' fails when the file exists, so two editors (or two runs) never overwrite each other.
    fs.writeFileSync(file, postFile(id, title, localIsoDate(today)), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new NewPostError(`${path.relative(root, file)} already exists; nothing was written.`);
    throw error;
  }
  return { id, file };
}

/** Reads `[--root <dir>] <title words...>` (words are joined, so quoting the title is optional). */
export function parseArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): { root: string; title: string } {
  let root = env.GB_CONTENT_ROOT || process.cwd();
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--root') root = argv[++i] ?? root;
    else words.push(argv[i]);
  }
  return { root: path.resolve(root), title: words.join(' ') };
}

function main() {
  const { root, title } = parseArgs(process.argv.slice(2));
  try {
    const { file } = createPost(root, title);
    const relative = path.relative(process.cwd(), file);
    console.log(`Created ${relative.startsWith('..') ? file : relative}`);
    console.log('Edit its title, excerpt, category, tags and text, then run `npm run check:content`.');
  } catch (error) {
    if (!(error instanceof NewPostError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
