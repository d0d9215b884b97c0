/**
 * Renders the markdown of a post added in the browser (GFM: tables, lists, strikethrough, autolinks,
 * footnotes). The text is untrusted, so there is no raw HTML: react-markdown turns any HTML in it
 * into plain text (no rehype-raw), a `<script>` or an `onerror` attribute is shown, never run.
 * Links and images keep only the URLs safe-url.ts allows; joined figures ("80-120") stay on one
 * line, as in the site's own posts. Content beyond post-limits.ts (written to storage by other
 * means than the admin form) would overflow the stack or freeze the page in the parser, so it is
 * shown as plain text instead. Loaded with a dynamic import, so only a
 * stored post's page downloads react-markdown.
 */
import type { ComponentProps } from 'react';
import Markdown, { type Components, type UrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { ScrollingTable } from '@/ui/components/ui/TableScroll';
import { SmartLink } from '@/ui/components/ui/links';
import { MAX_CONTENT_CHARS, MAX_MARKUP_CHARS, MAX_NESTING, withinLimits } from '@/shared/domain/posts/post-limits';
import { safeHref, safeImageSrc } from '@/shared/domain/posts/safe-url';
import { rehypeWholeFigures } from '@/shared/i18n/rehype-whole-figures';

interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  children?: HastNode[];
}

/**
 * A raw HTML block becomes a paragraph of text (react-markdown then keeps it as text), so it reads
 * like the rest of the post and like the MDX download, where it is a paragraph too.
 */
function rawBlocksAsParagraphs() {
  const fix = (node: HastNode) => {
    if (!node.children) return;
    node.children = node.children.map((child) =>
      child.type === 'raw' ? { type: 'element', tagName: 'p', properties: {}, children: [{ type: 'raw', value: child.value }] } : child,
    );
    for (const child of node.children) if (child.type === 'element' && child.tagName === 'blockquote') fix(child);
  };
  return (tree: HastNode) => fix(tree);
}

const urlTransform: UrlTransform = (url, key) => (key === 'src' ? safeImageSrc(url) : safeHref(url));

type Props<Tag extends keyof React.JSX.IntrinsicElements> = ComponentProps<Tag> & { node?: unknown };

const components: Components = {
  // The page title is the only h1; a "# heading" in the post becomes a section heading.
  h1: ({ node: _node, children, ...props }: Props<'h1'>) => <h2 {...props}>{children}</h2>,
  a: ({ node: _node, href, children, ...props }: Props<'a'>) =>
    // A refused URL leaves its text, without a link.
    href ? (
      <SmartLink href={href} {...props}>
        {children}
      </SmartLink>
    ) : (
      <span>{children}</span>
    ),
  img: ({ node: _node, src, alt, title }: Props<'img'>) =>
    typeof src === 'string' && src ? <img src={src} alt={alt ?? ''} title={title} loading="lazy" decoding="async" /> : alt ? <span>{alt}</span> : null,
  // The page bodies' scrolling table, not their whole component map: that map carries the facts
  // and their formatting, which a stored post (markdown, no JSX) never uses.
  table: ({ node: _node, ...props }: Props<'table'>) => <ScrollingTable {...props} />,
  // GFM task-list checkboxes have no label of their own.
  input: ({ node: _node, ...props }: Props<'input'>) =>
    props.type === 'checkbox' ? <input {...props} aria-label={props.checked ? 'Done' : 'Not done'} /> : <input {...props} />,
};

const thousands = (n: number) => n.toLocaleString('en-GB');
const LIMITS = `at most ${thousands(MAX_CONTENT_CHARS)} characters, ${MAX_NESTING} levels of quotes or lists and ${thousands(MAX_MARKUP_CHARS)} formatting characters`;

/** The post's text as paragraphs, never parsed, cut at the size limit. */
function PlainText({ content }: { content: string }) {
  const cut = content.length > MAX_CONTENT_CHARS;
  const paragraphs = (cut ? content.slice(0, MAX_CONTENT_CHARS) : content).split(/\n[ \t]*\n/).filter((part) => part.trim() !== '');
  return (
    <div className="post-markdown post-plain">
      <p className="notice">
        {`This post is shown as plain text because it goes beyond what a post may hold (${LIMITS})${cut ? `; only its first ${thousands(MAX_CONTENT_CHARS)} characters are shown` : ''}.`}
      </p>
      {paragraphs.map((part, index) => (
        <p key={index}>{part}</p>
      ))}
    </div>
  );
}

export default function PostMarkdown({ content }: { content: string }) {
  if (!withinLimits(content)) return <PlainText content={content} />;
  return (
    <div className="post-markdown">
      <Markdown remarkPlugins={[remarkGfm]} rehypePlugins={[rawBlocksAsParagraphs, rehypeWholeFigures]} urlTransform={urlTransform} components={components}>
        {content}
      </Markdown>
    </div>
  );
}
