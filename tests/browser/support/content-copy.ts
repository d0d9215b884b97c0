/**
 * The content the browser tests run on: a copy of the project (scripts/lib/project-copy.ts) whose
 * content/ holds what an editor most often adds, on top of every real page, entry and post: one
 * more FAQ entry, one more post (the newest), one more link in the header's menu and one more
 * credential of the company (content/facts.yaml, with its words in every language). The global
 * setup builds the test site from this copy, and the browser files that test that build read their
 * expectations from it (support/site.ts), so a test that had written a count, a route or a menu
 * out by hand would fail here rather than on an editor's first change. content-follows.test.ts
 * checks the additions themselves.
 *
 * The FAQ entry, the post and the credential are real copy, kept as files in content-additions/ as an editor would
 * write them, and held to the same checks as the real content: the content check, and the SEO
 * test's unique titles and descriptions.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { loadContent, type Content } from '../../../src/build/content/load';
import { copyProject } from '../../../scripts/lib/project-copy';

const ADDITIONS_DIR = fileURLToPath(new URL('./content-additions', import.meta.url));

/** The added FAQ entry: content-additions/faq/<id>.md. */
export const NEW_FAQ_ID = 'pre-shipment-sample-approval';
/** The added post's file, without its id: content-additions/blog/<slug>.mdx. */
const NEW_POST_SLUG = 'reading-a-garlic-powder-certificate-of-analysis';
/** The added menu link, last in the header's primary links: a page that exists, so every link still leads somewhere. */
export const NEW_LINK = { name: 'Certifications', href: '/certifications' } as const;

/** The added credential: content-additions/credential.yaml, its entry in content/facts.yaml and its words per language. */
export const NEW_CREDENTIAL = parse(fs.readFileSync(path.join(ADDITIONS_DIR, 'credential.yaml'), 'utf8')) as {
  fact: { id: string; name: string; kind: string };
  words: Record<string, Record<string, string>>;
};

/** The added post's id in a project with `content`: the next after the highest, as `npm run new:post` numbers a post. */
export const newPostId = (content: Content) => Math.max(0, ...content.blog.map((post) => post.meta.id)) + 1;

/** The day after the newest post of `content` (YYYY-MM-DD), so the added post is the newest whatever the real ones are dated. */
function dayAfterNewest(content: Content): string {
  const newest =
    content.blog
      .map((post) => post.meta.date)
      .sort()
      .at(-1) ?? '2025-01-01';
  const next = new Date(`${newest}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** Adds the FAQ entry, the post and the menu link to the content/ of the project at `root`. */
export function extendContent(root: string): void {
  const content = path.join(root, 'content');
  const before = loadContent(root);

  fs.copyFileSync(path.join(ADDITIONS_DIR, 'faq', `${NEW_FAQ_ID}.md`), path.join(content, 'faq', `${NEW_FAQ_ID}.md`));

  const id = newPostId(before);
  const post = fs
    .readFileSync(path.join(ADDITIONS_DIR, 'blog', `${NEW_POST_SLUG}.mdx`), 'utf8')
    .replace(/^id: .*$/m, `id: ${id}`)
    .replace(/^date: .*$/m, `date: "${dayAfterNewest(before)}"`);
  fs.writeFileSync(path.join(content, 'blog', `${String(id).padStart(2, '0')}-${NEW_POST_SLUG}.mdx`), post);

  const site = path.join(content, 'site.yaml');
  const yaml = fs.readFileSync(site, 'utf8');
  // After the last of navigation.primary's one-line entries.
  const primary = /^( {2}primary:\n(?: {4}- .*\n)+)/m;
  if (!primary.test(yaml)) throw new Error(`${site}: no navigation.primary list of "    - { name: …, href: … }" lines to add the menu link to`);
  fs.writeFileSync(site, yaml.replace(primary, `$1    - { name: ${NEW_LINK.name}, href: ${NEW_LINK.href} }\n`));

  addCredential(content);
}

/** The credential, last of content/facts.yaml's `company.credentials`, and its words last of each language file's `credentials.items`. */
function addCredential(content: string): void {
  const facts = path.join(content, 'facts.yaml');
  const { id, name, kind } = NEW_CREDENTIAL.fact;
  const list = /^( {2}credentials:\n(?: {4}- .*\n)+)/m;
  const text = fs.readFileSync(facts, 'utf8');
  if (!list.test(text)) throw new Error(`${facts}: no company.credentials list of "    - { id: …, name: …, kind: … }" lines to add the credential to`);
  fs.writeFileSync(facts, text.replace(list, `$1    - { id: ${id}, name: ${name}, kind: ${kind} }\n`));
  for (const [code, words] of Object.entries(NEW_CREDENTIAL.words)) {
    const file = path.join(content, 'ui', `${code}.yaml`);
    // The block's items come last in it: the item goes after its last indented line.
    const block = /^(credentials:\n(?: {2,}.*\n)+)/m;
    const yaml = fs.readFileSync(file, 'utf8');
    if (!block.test(yaml)) throw new Error(`${file}: no credentials block to add the credential's words to`);
    const item = `    ${id}:\n${Object.entries(words)
      .map(([key, value]) => `      ${key}: ${JSON.stringify(value)}\n`)
      .join('')}`;
    fs.writeFileSync(file, yaml.replace(block, `$1${item}`));
  }
}

/**
 * A copy of the project at `root` with the additions; the caller removes it. Its src/ is copied,
 * not linked, so the build sees its sources inside the project as it does in a checkout: Vite's
 * client manifest then names them `src/…`, as the JavaScript budget's audit looks them up
 * (scripts/audit-size.ts); through a link they would be `../../<checkout>/src/…`.
 */
export function extendedCopy(prefix: string, root = process.cwd()): string {
  const copy = copyProject(prefix, root, ['src']);
  try {
    extendContent(copy);
  } catch (error) {
    fs.rmSync(copy, { recursive: true, force: true });
    throw error;
  }
  return copy;
}
