/**
 * `npm run new:post` against a temporary copy of content/: the file it writes passes the content
 * check unchanged, compiles as MDX, takes the next id and today's date, and the command refuses
 * an empty title and an existing post.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compile } from '@mdx-js/mdx';
import remarkGfm from 'remark-gfm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadContent } from '../src/build/content/load';
import { DEFAULTS, NewPostError, createPost, localIsoDate, nextId, parseArgs, postSlug } from './new-post';

const repo = process.cwd();
let root: string;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-new-post-'));
  fs.cpSync(path.join(repo, 'content'), path.join(root, 'content'), { recursive: true });
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

const builtInIds = () => loadContent(repo).blog.map((post) => post.meta.id);

describe('createPost', () => {
  it('writes a post that the content check accepts as it is', () => {
    const before = loadContent(root).blog.length;
    const { id, file } = createPost(root, 'Garlic Oil Grades for Flavour Houses', new Date(2026, 2, 7, 23, 30));

    expect(id).toBe(Math.max(...builtInIds()) + 1);
    expect(path.relative(root, file)).toBe(`content/blog/${id}-garlic-oil-grades-for-flavour-houses.mdx`);

    const content = loadContent(root);
    expect(content.blog).toHaveLength(before + 1);
    const post = content.blog.find((p) => p.meta.id === id);
    expect(post?.meta).toEqual({
      id,
      title: 'Garlic Oil Grades for Flavour Houses',
      excerpt: expect.stringMatching(/^Replace this with .+\.$/),
      category: DEFAULTS.category,
      author: 'Garlic Brothers Team',
      // Local calendar date, even late in the evening.
      date: '2026-03-07',
      readTime: '5 min read',
      image: '/images/blog/placeholder.svg',
      tags: [],
      featured: false,
    });
    expect(post?.body).toMatch(/^## \S/m);
    // The date is quoted, so YAML keeps it a string rather than a timestamp.
    expect(fs.readFileSync(file, 'utf8')).toContain('date: "2026-03-07"');
  });

  it('writes a body that compiles as MDX and holds no placeholder wording', async () => {
    const { file } = createPost(root, 'A <Tricky> {title}: "quotes" & colons');
    const text = fs.readFileSync(file, 'utf8');
    const body = text.replace(/^---\n[\s\S]*?\n---\n/, '');
    await expect(compile(body, { remarkPlugins: [remarkGfm] })).resolves.toBeTruthy();
    expect(text).not.toMatch(/lorem ipsum|\bTODO\b|\bTBD\b|coming soon|\[insert/i);
    expect(loadContent(root).blog.find((p) => p.file === path.relative(root, file))?.meta.title).toBe('A <Tricky> {title}: "quotes" & colons');
  });

  it('takes the next id after the highest, and pads ids below 10 to two digits', () => {
    fs.writeFileSync(path.join(root, 'content/blog/41-later-post.mdx'), '');
    expect(nextId(path.join(root, 'content/blog'))).toBe(42);
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-new-post-empty-'));
    try {
      expect(path.basename(createPost(empty, 'First post').file)).toBe('01-first-post.mdx');
      expect(path.basename(createPost(empty, 'Second post').file)).toBe('02-second-post.mdx');
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });

  it('refuses an empty title', () => {
    expect(() => createPost(root, '   ')).toThrow(NewPostError);
    expect(() => createPost(root, '')).toThrow(/Give the post a title/);
  });

  it('refuses a title longer than search results show, and writes nothing', () => {
    const before = fs.readdirSync(path.join(root, 'content/blog'));
    const title = 'Exporting Garlic Ingredients to the EU: Residues, Hygiene and Documents';
    expect(() => createPost(root, title)).toThrow(`The title has ${title.length} characters; at most 60 fit in search results`);
    expect(fs.readdirSync(path.join(root, 'content/blog'))).toEqual(before);
  });

  it('refuses a title whose post already exists, and writes nothing', () => {
    createPost(root, 'Shipping Garlic to Rotterdam');
    const files = fs.readdirSync(path.join(root, 'content/blog'));
    expect(() => createPost(root, 'Shipping garlic to Rotterdam!')).toThrow(/-shipping-garlic-to-rotterdam\.mdx already exists/);
    expect(fs.readdirSync(path.join(root, 'content/blog'))).toEqual(files);
  });
});

describe('helpers', () => {
  it('slugs titles for file names', () => {
    expect(postSlug('Aged Garlic Extract: S-Allyl-Cysteine Explained')).toBe('aged-garlic-extract-s-allyl-cysteine-explained');
    expect(postSlug('लहसुन')).toBe('post');
    expect(postSlug('x'.repeat(80)).length).toBe(60);
  });

  it('formats the local date', () => {
    expect(localIsoDate(new Date(2025, 0, 5))).toBe('2025-01-05');
  });

  it('reads the root from --root or GB_CONTENT_ROOT and joins the title words', () => {
    expect(parseArgs(['--root', '/tmp/x', 'Hello', 'world'], {})).toEqual({ root: '/tmp/x', title: 'Hello world' });
    expect(parseArgs(['Hello'], { GB_CONTENT_ROOT: '/tmp/y' })).toEqual({ root: '/tmp/y', title: 'Hello' });
  });
});

// Each test starts one or two tsx processes: seconds each on a busy machine.
describe('the command', () => {
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', path.join(repo, 'scripts/new-post.ts'), ...args], {
      cwd: repo,
      env: { ...process.env, GB_CONTENT_ROOT: root },
      encoding: 'utf8',
    });

  it('prints the path of the new file, which check:content accepts', () => {
    const result = run('Export Documents for Indonesia');
    expect(result.status, result.stderr).toBe(0);
    const id = Math.max(...builtInIds()) + 1;
    expect(result.stdout).toContain(`${id}-export-documents-for-indonesia.mdx`);
    expect(fs.existsSync(path.join(root, `content/blog/${id}-export-documents-for-indonesia.mdx`))).toBe(true);

    // check:content reads the content of its working directory: run it in the copy.
    const check = spawnSync(path.join(repo, 'node_modules/.bin/tsx'), [path.join(repo, 'scripts/check-content.ts')], { cwd: root, encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);
    expect(check.stdout).toContain(`${builtInIds().length + 1} blog posts`);
  });

  it('exits 1 with a message for a missing title', () => {
    const result = run();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Give the post a title');
  });
});
