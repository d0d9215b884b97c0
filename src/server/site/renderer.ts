/**
 * The build's own page renderer, for the posts added through the admin API: the server bundle the
 * build leaves beside the site (src/build/pipeline/build-paths.ts), the page template the pre-render
 * used and the client manifest naming the feature stylesheets. A server post's page is therefore
 * rendered and rewritten exactly as the pre-render writes a built-in post's page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { assetReader, pageSheets, finishPage } from '@/build/pipeline/finish-page';
import { readClientManifest } from '@/build/pipeline/client-manifest';
import type { FeedSite } from '@/build/pipeline/discovery-files';
import type { BlogPost } from '@/shared/domain/posts/post';
import type { ServerBundle } from '@/build/pipeline/server-bundle';

export interface SiteRenderer {
  site: FeedSite;
  /** The full HTML page of /blog/<id> for a post the server stores. */
  postPage(post: BlogPost): Promise<string>;
  /** The post's body as HTML with absolute links, for the feed. */
  postHtml(post: BlogPost): Promise<string>;
}

/** The renderer of the build in `staticRoot`, or null (and why) when the build left no server bundle there. */
export async function loadSiteRenderer(staticRoot: string, ssrDir: string): Promise<{ renderer: SiteRenderer } | { renderer: null; reason: string }> {
  const bundle = path.join(ssrDir, 'entry-server.js');
  const templateFile = path.join(ssrDir, 'template.html');
  const manifestFile = path.join(ssrDir, 'client-manifest.json');
  for (const file of [bundle, templateFile, manifestFile]) {
    if (!fs.existsSync(file)) return { renderer: null, reason: `${file} is missing` };
  }
  // NODE_ENV is left as the process has it: the server has loaded React already (its admin code
  // imports shared modules), and React's renderer must be the same build, development or
  // production. `npm start` and `npm run serve` choose production (scripts/serve.ts).
  const server = (await import(pathToFileURL(bundle).href)) as ServerBundle;
  const template = fs.readFileSync(templateFile, 'utf8');
  const readAsset = assetReader(staticRoot);
  const sheets = pageSheets(readClientManifest(manifestFile), readAsset);
  return {
    renderer: {
      site: server.site,
      postPage: async (post) => finishPage((await server.renderServerPostPage(post, template)).html, `/blog/${post.id}`, readAsset, sheets),
      postHtml: (post) => server.renderServerPostHtml(post),
    },
  };
}
