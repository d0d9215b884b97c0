/** The not-found page (content/pages/[...all].mdx), for routes that match but find nothing. */
import NotFoundContent, { meta } from '@content/pages/[...all].mdx';
import { MdxPage } from './MdxPage';

export function NotFound() {
  return <MdxPage meta={meta} Content={NotFoundContent} />;
}
