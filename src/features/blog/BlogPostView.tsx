/** One blog post: head, title, byline, cover, body, tags. */
import type { ComponentType } from 'react';
import type { BlogPostMeta } from '@/content/schema';
import { mdxComponents } from '@/components/mdx/components';
import { Image } from '@/components/ui/Image';
import { SmartLink } from '@/components/ui/links';
import { usePageHead } from '@/head/page-head';
import { categoryLabel, formatDate } from './format';

export function BlogPostView({ post, Body }: { post: BlogPostMeta; Body: ComponentType<{ components?: Record<string, unknown> }> }) {
  usePageHead({
    title: post.title,
    description: post.excerpt,
    path: `/blog/${post.id}`,
    keywords: post.tags,
    ogType: 'article',
  });
  return (
    <article className="page prose-page blog-post">
      <p className="eyebrow">
        <SmartLink href="/blog">Blog</SmartLink> · {categoryLabel(post.category)}
      </p>
      <h1>{post.title}</h1>
      <p className="byline">
        By {post.author} · <time dateTime={post.date}>{formatDate(post.date)}</time> · {post.readTime}
      </p>
      <Image className="post-cover" src={post.image} alt="" width={1200} height={630} priority />
      <Body components={mdxComponents} />
      {post.tags.length > 0 && (
        <ul className="tags" aria-label="Tags">
          {post.tags.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </ul>
      )}
      <p>
        <SmartLink href="/blog">← All posts</SmartLink>
      </p>
    </article>
  );
}
