/** Stored posts render GFM without raw HTML: hostile input is shown as text and bad URLs are refused. */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import PostMarkdown from './PostMarkdown';

const render = (content: string) => renderToString(<PostMarkdown content={content} />);

describe('PostMarkdown', () => {
  it('shows a <script> element as text and never emits it', () => {
    const html = render('Before\n\n<script>alert("owned")</script>\n\nAfter');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<p>&lt;script&gt;alert(&quot;owned&quot;)&lt;/script&gt;</p>');
  });

  it('shows an <img onerror> payload as text, with no img element', () => {
    const html = render('Look: <img src=x onerror="alert(1)"> here');
    expect(html).not.toMatch(/<img/i);
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
  });

  it('shows block-level HTML and event attributes as text', () => {
    const html = render('<div onmouseover="alert(1)">\n\nhover\n\n</div>\n\n<iframe src="https://evil.example"></iframe>');
    expect(html).not.toMatch(/<(div|iframe)[^>]*on|<iframe/i);
    expect(html).toContain('&lt;iframe');
  });

  it('renders GFM: tables, strikethrough, autolinks and task lists (with a label)', () => {
    const html = render('| Mesh | Use |\n| --- | --- |\n| 80-120 | soups |\n\n~~old~~ www.example.com\n\n- [x] sample sent');
    expect(html).toContain('<table>');
    expect(html).toContain('<del>old</del>');
    expect(html).toContain('href="http://www.example.com"');
    expect(html).toMatch(/<input[^>]*type="checkbox"[^>]*aria-label="Done"|<input[^>]*aria-label="Done"[^>]*type="checkbox"/);
  });

  it('turns a level-one heading into a section heading (the page title is the only h1)', () => {
    const html = render('# Market outlook');
    expect(html).toContain('<h2>Market outlook</h2>');
    expect(html).not.toContain('<h1');
  });

  it.each([
    ['https://example.com/x', 'href="https://example.com/x" target="_blank" rel="noopener noreferrer"'],
    ['mailto:sales@example.com', 'href="mailto:sales@example.com"'],
    ['/contact', 'href="/contact"'],
    ['#notes', 'href="#notes"'],
  ])('keeps http(s), mailto, site-relative and in-page links; external ones open safely: %s', (url, link) => {
    expect(render(`[a](${url})`)).toContain(link);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'java%0ascript:alert(1)',
    'data:text/html,<b>x</b>',
    'vbscript:x',
    '//evil.example',
    'ftp://files.example',
    'relative/page',
  ])('refuses the link %s and keeps its text', (url) => {
    const html = render(`[click me](${url})`);
    expect(html).toContain('<span>click me</span>');
    expect(html).not.toContain('href=');
  });

  it('refuses a reference-style javascript: link', () => {
    const html = render('[click me][x]\n\n[x]: javascript:alert(1)');
    expect(html).not.toContain('href=');
  });

  it.each(['/images/blog/post-1.svg', 'https://cdn.example.com/f.png'])('keeps site-relative and https images, lazily loaded: %s', (url) => {
    const html = render(`![Powder](${url})`);
    expect(html).toContain(`src="${url}"`);
    expect(html).toContain('loading="lazy"');
  });

  it.each(['http://insecure.example/a.png', 'data:image/svg+xml,<svg onload=alert(1)>', 'javascript:alert(1)', '//evil.example/a.png'])(
    'refuses the image %s and shows its alt text instead',
    (url) => {
      const html = render(`![Garlic field](<${url}>)`);
      expect(html).not.toMatch(/<img/i);
      expect(html).toContain('Garlic field');
    },
  );
});

describe('PostMarkdown beyond the limits (a post written to storage by other means)', () => {
  /** The fastest of three renders, so a busy machine's pauses do not count. */
  function timed(content: string): { html: string; ms: number } {
    let html = '';
    let ms = Infinity;
    for (let i = 0; i < 3; i++) {
      const start = performance.now();
      html = render(content);
      ms = Math.min(ms, performance.now() - start);
    }
    return { html, ms };
  }

  it('shows 5,000 nested quotes as plain text, without overflowing the stack', () => {
    const { html, ms } = timed(`${'>'.repeat(5000)} deep`);
    expect(html).toContain(
      'This post is shown as plain text because it goes beyond what a post may hold (at most 20,000 characters, 8 levels of quotes or lists and 2,000 formatting characters).',
    );
    expect(html).not.toContain('<blockquote');
    expect(html).toContain('&gt;&gt;&gt;');
    expect(ms).toBeLessThan(200);
  });

  it('shows 20,000 emphasis markers as plain text, cut at the size limit, in well under 200 ms', () => {
    const { html, ms } = timed('*a'.repeat(20_000));
    expect(html).toContain('only its first 20,000 characters are shown');
    expect(html).not.toContain('<em>');
    expect(html.split('*a').length - 1).toBe(10_000);
    expect(ms).toBeLessThan(200);
  });

  it('keeps paragraphs apart in the plain text', () => {
    const html = render(`First paragraph.\n\n${'>'.repeat(20)} second paragraph.`);
    expect(html).toContain('<p>First paragraph.</p><p>&gt;&gt;');
  });

  it('still renders markdown within the limits', () => {
    expect(render(`${'> '.repeat(8)}quote`).split('<blockquote>').length - 1).toBe(8);
  });
});
