/**
 * The pre-render side of the islands: each island is rendered on its own root in place of its
 * placeholder, with its strategy, id prefix and JSON props beside it, and a clear error names an
 * island that does not exist.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Island, IslandCollector, IslandContext } from './island';
import { renderIslands } from './render';

function renderPage(node: React.ReactNode): string {
  const collector = new IslandCollector();
  const html = renderToString(<IslandContext value={collector}>{node}</IslandContext>);
  return renderIslands(html, collector, (n) => n);
}

describe('renderIslands', () => {
  it('renders each island in place, with its strategy, its own id prefix and its props', () => {
    const html = renderPage(
      <main>
        <p>Before</p>
        <Island name="NotFoundOrStoredPost">
          <h1>Page not found</h1>
        </Island>
        <Island name="ContactForm" note={'"quoted" & <tagged>'} />
      </main>,
    );
    expect(html).toMatch(
      /^<main><p>Before<\/p><gb-island data-island="NotFoundOrStoredPost" data-hydrate="interaction" data-wake="gb:blog-posts" data-prefix="i0-">/,
    );
    // Its children are a static slot in the island's markup.
    expect(html).toContain('<gb-slot><h1>Page not found</h1></gb-slot>');
    expect(html).toContain(
      '<gb-island data-island="ContactForm" data-hydrate="interaction" data-prefix="i1-" data-props="{&quot;note&quot;:&quot;\\&quot;quoted\\&quot; &amp; &lt;tagged&gt;&quot;}">',
    );
    expect(html).toContain('aria-label="Quote request form"');
    expect(html).not.toContain('data-id=');
  });

  it('names an island that does not exist', () => {
    expect(() => renderPage(<Island name="ContactFrom" />)).toThrow(/Unknown island "ContactFrom": the islands are .*ContactForm/);
  });

  it('refuses an island outside the page renderer', () => {
    expect(() => renderToString(<Island name="ContactForm" />)).toThrow(/outside the page renderer/);
  });
});
