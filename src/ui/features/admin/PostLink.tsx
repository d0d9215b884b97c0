/**
 * A link from the admin to a post on the blog: a plain anchor. The admin and the blog are in
 * English only, and the public pages' SmartLink, which leads a link to its page's translation,
 * would bring every language's interface words (about 13 kB compressed) into the admin.
 */
import type { AnchorHTMLAttributes, ReactNode } from 'react';

export function PostLink({ postId, children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { postId: number; children: ReactNode }) {
  return (
    <a href={`/blog/${postId}`} {...rest}>
      {children}
    </a>
  );
}
