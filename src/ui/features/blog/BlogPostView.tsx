/**
 * One blog post: head, title, byline, cover, body, tags. A built-in post passes its MDX `Body`; a
 * post added in the browser passes its rendered markdown as `children` and is marked `stored`.
 */
import type { ComponentType, ReactNode } from 'react';
import { DESCRIPTION_MAX, postDescription, shortenAtWord } from '@/build/content/snippet-limits';
import type { BlogPostMeta } from '@/build/content/schema';
import { Image } from '@/ui/components/ui/Image';
import { SmartLink } from '@/ui/components/ui/links';
import { cardAlt, usePageHead } from '@/ui/head/page-head';
import { cardPath } from '@/ui/head/social-card';
import { isIsoDate } from '@/shared/domain/dates';
import { categoryLabel, formatDate } from './post-format';
import { postStructuredData } from './post-structured-data';
import { postCover } from './post-cover';
import type { CoverPhoto } from '@/shared/domain/posts/post';

interface BlogPostViewProps {
  /** A built-in post's metadata, or a post of the server (whose uploaded cover carries its variants). */
  post: BlogPostMeta & { coverPhoto?: CoverPhoto };
  Body?: ComponentType<{ components?: Record<string, unknown> }>;
  /** The MDX component map for `Body` (passed in, so a stored post's island does not carry it). */
  components?: Record<string, unknown>;
  children?: ReactNode;
  /** Added in this browser: it exists nowhere else, so search engines are told not to index it. */
  stored?: boolean;
  /** A built-in post: the build drew it a link-preview card of its own (src/ui/head/social-card.ts). */
  ownCard?: boolean;
}

export function BlogPostView({ post, Body, components, children, stored = false, ownCard = false }: BlogPostViewProps) {
  usePageHead({
    title: post.title,
    // A stored post may have no excerpt, or one longer than a description; the head still needs one that fits.
    description: shortenAtWord(postDescription(post), DESCRIPTION_MAX) || `${post.title}, by ${post.author}.`,
    path: `/blog/${post.id}`,
    keywords: post.tags,
    ogType: 'article',
    ...(ownCard ? { image: cardPath(`/blog/${post.id}`, post.cover ? 'jpg' : 'png'), imageAlt: post.cover ? post.coverAlt : cardAlt(post.title) } : {}),
    // A cover uploaded in the admin: the server draws its card from the photo.
    ...(!ownCard && post.coverPhoto?.card ? { image: post.coverPhoto.card, imageAlt: post.coverAlt } : {}),
    noindex: stored,
    jsonLd: postStructuredData(post),
  });
  return (
    <article className="page prose-page blog-post">
      <p className="eyebrow">
        <SmartLink href="/blog">Blog</SmartLink> · {categoryLabel(post.category)}
      </p>
      <h1>{post.title}</h1>
      <p className="byline">
        By {post.author} · <time dateTime={isIsoDate(post.date) ? post.date : undefined}>{formatDate(post.date)}</time> · {post.readTime}
      </p>
      {stored && (
        <p className="stored-note">
          This post was added in this browser&apos;s admin dashboard. Only this browser shows it until it is downloaded as MDX and published with the site.
        </p>
      )}
      {/* The first screen's largest paint: loaded first, at once, at the text column's width (Image's default sizes). */}
      <Image className="post-cover" {...postCover(post)} width={1200} height={630} priority />
      {Body ? <Body components={components} /> : children}
      {post.tags.length > 0 && (
        <ul className="tags" aria-label="Tags">
          {post.tags.map((tag, index) => (
            <li key={`${index}-${tag}`}>{tag}</li>
          ))}
        </ul>
      )}
      <p>
        <SmartLink href="/blog">← All posts</SmartLink>
      </p>
    </article>
  );
}
