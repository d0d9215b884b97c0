/**
 * "Download as MDX": a post added in the browser as a file for content/blog/ that passes the
 * content check (src/build/content/schema.ts BlogFrontmatter) and compiles as MDX.
 *
 * The frontmatter fixes what the runtime tolerates but the schema does not (an unreadable date,
 * a long or missing excerpt, a free-form read time or category, an image that is not a site
 * path), and says what it changed in YAML comments. The body is the post's markdown re-written
 * for MDX: in MDX `{`, `<` and a line starting with `import`/`export` are code, so they are
 * escaped; raw HTML becomes text and refused URLs are dropped, exactly as the browser showed it.
 */
import type { Image, Link, Nodes, Parent, PhrasingContent, Root, RootContent } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkStringify, { type Options as StringifyOptions } from 'remark-stringify';
import { unified } from 'unified';
import { slugify } from '@/ui/components/ui/slug';
import { DESCRIPTION_MAX, DESCRIPTION_MIN, TITLE_MAX, shortenAtWord } from '@/build/content/snippet-limits';
import { site } from '@/shared/site';
import { isIsoDate } from '@/shared/domain/dates';
import { localIsoDate, parseDate } from '@/shared/domain/posts/normalise-post';
import { DEFAULT_AUTHOR, DEFAULT_CATEGORY, DEFAULT_TITLE, PLACEHOLDER_IMAGE, type BlogPost } from '@/shared/domain/posts/post';
import { isSitePath, safeHref, safeImageSrc } from '@/shared/domain/posts/safe-url';

const EXCERPT_MAX = 300;
const WORDS_PER_MINUTE = 200;

interface MdxFile {
  /** `<id>-<slug>.mdx`, the name content/blog/ expects. */
  fileName: string;
  text: string;
  /** What had to change for the file to pass the content check (also in the file as comments). */
  notes: string[];
}

// ------------------------------------------------------------------------------------- body

/** The markdown as plain text (for an excerpt or a word count). */
function plainText(node: Nodes): string {
  if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'code') return node.value;
  if (node.type === 'image') return node.alt ?? '';
  if ('children' in node) return (node.children as Nodes[]).map(plainText).join(node.type === 'root' || node.type === 'list' ? '\n\n' : ' ');
  return '';
}

/**
 * Makes the tree say what the browser showed: reference links resolved to inline ones, raw HTML
 * as text, refused links as their text, refused images as their alt text.
 */
function sanitise(tree: Root): void {
  const definitions = new Map<string, { url: string; title?: string | null }>();
  const collect = (node: Nodes) => {
    if (node.type === 'definition') definitions.set(node.identifier, { url: node.url, title: node.title });
    if ('children' in node) (node.children as Nodes[]).forEach(collect);
  };
  collect(tree);

  const rewrite = (node: Nodes): Nodes[] => {
    switch (node.type) {
      case 'definition':
        return [];
      case 'html':
        return [{ type: 'text', value: node.value }];
      case 'linkReference': {
        const target = definitions.get(node.identifier);
        return target ? rewrite({ type: 'link', url: target.url, title: target.title, children: node.children }) : rewriteChildren(node);
      }
      case 'imageReference': {
        const target = definitions.get(node.identifier);
        return target ? rewrite({ type: 'image', url: target.url, title: target.title, alt: node.alt }) : [];
      }
      case 'link': {
        const url = safeHref(node.url);
        const children = rewriteChildren(node) as PhrasingContent[];
        return url ? [{ ...node, url, children } satisfies Link] : children;
      }
      case 'image': {
        const url = safeImageSrc(node.url);
        if (url) return [{ ...node, url } satisfies Image];
        return node.alt ? [{ type: 'text', value: node.alt }] : [];
      }
      default:
        if ('children' in node) (node as Parent).children = rewriteChildren(node as Parent) as RootContent[];
        return [node];
    }
  };
  const rewriteChildren = (node: Parent): Nodes[] => {
    const children = node.children.flatMap((child) => rewrite(child));
    // A raw HTML block became text; where blocks are expected, text must sit in a paragraph.
    if (!FLOW_PARENTS.has(node.type)) return children;
    return children.map((child): Nodes => (child.type === 'text' ? { type: 'paragraph', children: [child] } : child));
  };

  tree.children = rewriteChildren(tree) as RootContent[];
}

const FLOW_PARENTS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

const stringifyOptions: StringifyOptions = {
  bullet: '-',
  emphasis: '_',
  strong: '*',
  rule: '-',
  fences: true,
  // MDX has no autolinks (`<https://...>` would be JSX).
  resourceLink: true,
  unsafe: [
    // The escapes MDX's own serialiser (mdast-util-mdx-expression, -jsx) uses.
    { character: '{', inConstruct: ['phrasing'] },
    { atBreak: true, character: '{' },
    { character: '<', inConstruct: ['phrasing'] },
    { atBreak: true, character: '<' },
    // A line starting with `import ` or `export ` is an ES module statement in MDX; a character
    // reference for its first letter keeps it text.
    { atBreak: true, character: 'i', after: 'mport ' },
    { atBreak: true, character: 'e', after: 'xport ' },
  ],
};

const parser = unified().use(remarkParse).use(remarkGfm);
const printer = unified().use(remarkGfm).use(remarkStringify, stringifyOptions);

function parse(markdown: string): Root {
  const tree = parser.parse(markdown);
  sanitise(tree);
  return tree;
}

function print(tree: Root): string {
  return printer.stringify(tree).trim();
}

/** The post's markdown as an MDX body that renders the same text and runs nothing. */
export function markdownToMdx(markdown: string): string {
  return print(parse(markdown));
}

// ------------------------------------------------------------------------------------- frontmatter

/** A YAML double-quoted scalar (JSON strings are), with YAML's extra line breaks escaped too. */
function yamlString(value: string): string {
  return JSON.stringify(value).replace(/[\u0085\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Cuts at a word boundary and adds an ellipsis, within `max` characters. */
export const truncate = shortenAtWord;

/**
 * A meta description when the excerpt cannot be one (the content check wants 50 to 160
 * characters): a long excerpt shortened, a short one completed with who wrote it; null when the
 * excerpt fits as it is.
 */
function descriptionFor(excerpt: string, author: string): string | null {
  if (excerpt.length >= DESCRIPTION_MIN && excerpt.length <= DESCRIPTION_MAX) return null;
  if (excerpt.length > DESCRIPTION_MAX) return shortenAtWord(excerpt, DESCRIPTION_MAX);
  const sentence = /[.!?…]$/.test(excerpt) ? excerpt : `${excerpt}.`;
  return shortenAtWord(`${sentence} An article by ${author} on the ${site.name} blog about garlic ingredients.`, DESCRIPTION_MAX);
}

/** "6 min read" as it is, "6 minutes" as "6 min read"; null when no minutes can be read. */
function readTimeFor(readTime: string): string | null {
  if (/^\d+ min read$/.test(readTime)) return readTime;
  const minutes = /^(\d+)\s*(?:m|mins?|minutes?)\b/i.exec(readTime.trim());
  return minutes ? `${Number(minutes[1])} min read` : null;
}

function fileSlug(title: string): string {
  return slugify(title).slice(0, 60).replace(/-+$/, '') || 'post';
}

/** The MDX file for a stored post; `today` stands in for a date the post could not keep. */
export function postToMdx(post: BlogPost, today: Date = new Date()): MdxFile {
  const notes: string[] = [];
  const tree = parse(post.content);
  const wordCount = plainText(tree).split(/\s+/).filter(Boolean).length;

  let title = post.title.trim() || DEFAULT_TITLE;
  if (title.length > TITLE_MAX) {
    title = shortenAtWord(title, TITLE_MAX);
    notes.push(`The title was longer than ${TITLE_MAX} characters, so it is shortened; write a shorter one before publishing.`);
  }
  const author = post.author.trim() || DEFAULT_AUTHOR;

  let excerpt = post.excerpt.trim();
  if (!excerpt) {
    const firstParagraph = tree.children.find((node) => node.type === 'paragraph');
    excerpt = (firstParagraph ? plainText(firstParagraph) : '').replace(/\s+/g, ' ').trim() || title;
    notes.push('The post had no excerpt, so its first paragraph (or its title) is used.');
  }
  if (excerpt.length > EXCERPT_MAX) {
    excerpt = truncate(excerpt, EXCERPT_MAX);
    notes.push(`The excerpt was longer than ${EXCERPT_MAX} characters, so it is shortened.`);
  }

  const description = descriptionFor(excerpt, author);
  if (description !== null)
    notes.push(
      `The excerpt is not ${DESCRIPTION_MIN} to ${DESCRIPTION_MAX} characters long, so a description for search results is added; rewrite it before publishing.`,
    );

  const category = slugify(post.category) || DEFAULT_CATEGORY;
  if (category !== post.category) notes.push(`The category ${yamlString(post.category)} is written as lower-case words joined by hyphens.`);

  let date = post.date.trim();
  if (!isIsoDate(date)) {
    const parsed = parseDate(date);
    if (parsed) date = parsed;
    else {
      date = localIsoDate(today);
      notes.push(`The date ${yamlString(post.date)} could not be read as a date, so the download date is used; correct it before publishing.`);
    }
  }

  let readTime = readTimeFor(post.readTime);
  if (readTime !== post.readTime) {
    readTime ??= `${Math.max(1, Math.round(wordCount / WORDS_PER_MINUTE))} min read`;
    notes.push(`The read time ${yamlString(post.readTime)} is written as "${readTime}".`);
  }

  let image = post.image.trim();
  if (!isSitePath(image) || /\s/.test(image)) {
    image = PLACEHOLDER_IMAGE;
    notes.push(`The image ${yamlString(post.image)} is not a path on this site, so the placeholder is used; put the image under public/ and set its path.`);
  }

  const tags = post.tags.map((tag) => tag.trim()).filter(Boolean);

  let body = print(tree);
  if (!body) {
    body = print(parse(excerpt));
    notes.push('The post had no content, so its excerpt is used as the text.');
  }

  const text = [
    '---',
    `# Downloaded from the admin dashboard on ${localIsoDate(today)}; publish it by adding this file to content/blog/.`,
    ...notes.map((note) => `# ${note}`),
    `id: ${post.id}`,
    `title: ${yamlString(title)}`,
    `excerpt: ${yamlString(excerpt)}`,
    ...(description === null ? [] : [`description: ${yamlString(description)}`]),
    `category: ${yamlString(category)}`,
    `author: ${yamlString(author)}`,
    `date: "${date}"`,
    `readTime: "${readTime}"`,
    `image: ${yamlString(image)}`,
    `tags: [${tags.map(yamlString).join(', ')}]`,
    `featured: ${post.featured}`,
    '---',
    '',
    body,
    '',
  ].join('\n');

  return { fileName: `${post.id}-${fileSlug(title)}.mdx`, text, notes };
}
