/**
 * The content check's rules for photos (content/photos/), which the build applies too: every photo
 * a page or post shows has a text alternative (an MDX `<Figure src="/photos/…" alt="…">`, a post's
 * `cover` with its `coverAlt`), every photo address names a file of content/photos/, and every file
 * there is one the build can publish (a JPEG, PNG, WebP or AVIF by its content, within the byte and
 * pixel limits: inspect-photo.ts, whose message the build gives for the same file). Each problem
 * is a line naming the file (and the line and element, or the field).
 */
import fs from 'node:fs';
import path from 'node:path';
import { inspectPhoto } from '../pipeline/photos/inspect-photo.ts';
import { PhotoError } from '../pipeline/photos/photo-rules.ts';
import { PHOTO_URL_PREFIX, PHOTOS_DIR, photoFiles } from '../pipeline/photos/photo-manifest.ts';
import { everyPage, type Content } from './load.ts';

/** One photo shown by a content file: where (`file:line: <Figure src="…">` or `file: cover`) and its text alternative. */
export interface PhotoUse {
  /** Names the place in a problem line. */
  where: string;
  /** The field that holds the alternative: `alt` in MDX, `coverAlt` in a post's frontmatter. */
  altField: string;
  src: string;
  /** The text alternative; undefined when missing, '' when written empty. null when it is an expression the check cannot read. */
  alt: string | null | undefined;
}

/** An MDX element with attributes: `<Figure src="…" alt="…" width={800} />`, over several lines too. */
const ELEMENT = /<([A-Z][A-Za-z0-9]*)((?:\s+[A-Za-z][\w-]*(?:\s*=\s*(?:"[^"]*"|'[^']*'|\{(?:[^{}]|\{[^{}]*\})*\}))?)*)\s*\/?>/g;
const ATTRIBUTE = /([A-Za-z][\w-]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|\{((?:[^{}]|\{[^{}]*\})*)\}))?/g;
/** An expression that is a string literal: `{"…"}`, `{'…'}` or a template without placeholders. */
const LITERAL = /^\s*(?:"([^"]*)"|'([^']*)'|`([^`$]*)`)\s*$/;

function attributes(text: string): Map<string, string | null> {
  const found = new Map<string, string | null>();
  for (const [, name, double, single, expression] of text.matchAll(ATTRIBUTE)) {
    if (expression === undefined) {
      found.set(name, double ?? single ?? '');
      continue;
    }
    const literal = LITERAL.exec(expression);
    found.set(name, literal ? (literal[1] ?? literal[2] ?? literal[3]) : null);
  }
  return found;
}

/** The photos an MDX file's text shows through elements with a `src` of content/photos/. */
export function mdxPhotoUses(file: string, text: string): PhotoUse[] {
  const uses: PhotoUse[] = [];
  for (const match of text.matchAll(ELEMENT)) {
    const attrs = attributes(match[2]);
    const src = attrs.get('src');
    if (!src?.startsWith(PHOTO_URL_PREFIX)) continue;
    const line = text.slice(0, match.index).split('\n').length;
    uses.push({ where: `${file}:${line}: <${match[1]} src="${src}">`, altField: 'alt', src, alt: attrs.get('alt') });
  }
  return uses;
}

/** Every photo the content shows: in pages of every language and in posts, and the posts' covers. */
export function photoUses(root: string, content: Pick<Content, 'pages' | 'translations' | 'blog'>): PhotoUse[] {
  const files = [...everyPage(content), ...content.blog].map((entry) => entry.file);
  const uses = files.flatMap((file) => mdxPhotoUses(file, fs.readFileSync(path.join(root, file), 'utf8')));
  for (const post of content.blog) {
    if (post.meta.cover) uses.push({ where: `${post.file}: cover ${post.meta.cover}`, altField: 'coverAlt', src: post.meta.cover, alt: post.meta.coverAlt });
  }
  return uses;
}

const ALT_HELP = 'describe what the photo shows for a reader who cannot see it (a screen reader reads it aloud)';

/** The content check's lines for photos; [] when every photo is shown with a text alternative and can be published. */
export async function photoProblems(root: string, content: Pick<Content, 'pages' | 'translations' | 'blog'>): Promise<string[]> {
  const problems: string[] = [];
  // Every file of content/photos/, used or not (the build publishes each one), and any other file a page names.
  const files = new Set(photoFiles(root));
  for (const use of photoUses(root, content)) {
    if (use.alt !== null && !use.alt?.trim()) {
      problems.push(`${use.where}: ${use.altField}: required for a photo; ${ALT_HELP}, got ${use.alt === undefined ? 'nothing' : 'an empty text'}`);
    }
    const file = `${PHOTOS_DIR}/${use.src.slice(PHOTO_URL_PREFIX.length)}`;
    if (!fs.existsSync(path.join(root, file)) || !fs.statSync(path.join(root, file)).isFile()) {
      problems.push(`${use.where}: ${use.altField === 'alt' ? 'src' : 'cover'}: ${file} does not exist; add the photo there or correct the address`);
    } else files.add(file);
  }
  for (const file of [...files].sort()) {
    try {
      await inspectPhoto(fs.readFileSync(path.join(root, file)), file);
    } catch (error) {
      if (!(error instanceof PhotoError)) throw error;
      problems.push(error.message);
    }
  }
  return problems;
}
