/**
 * Checks every file in content/ against its schema without building the site.
 * Run: npm run check:content   (exit code 1 and one line per problem when anything is wrong)
 */
import { ContentError, loadContent } from '../src/content/load';

try {
  const { pages, faq, blog } = loadContent(process.cwd());
  console.log(`Content OK: ${pages.length} pages, ${faq.length} FAQ entries, ${blog.length} blog posts, the investor portal's copy.`);
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
