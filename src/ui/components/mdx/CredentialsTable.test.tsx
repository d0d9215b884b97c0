/**
 * The certifications page's table, rendered as the pre-render does, from the real content: one row
 * per credential of content/facts.yaml in the data's order, named in the page's language, its
 * links leading to the page in that language, and in Arabic the Latin codes isolated.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loadContent } from '@/build/content/load';
import { LRI, PDI } from '@/shared/i18n/ltr-runs';
import { LocationProvider } from '@/ui/router/location';
import { CredentialsTable } from './CredentialsTable';

const content = loadContent();
const credentials = content.facts.company.credentials;
const render = (pathname: string) =>
  renderToStaticMarkup(
    <LocationProvider value={pathname}>
      <CredentialsTable />
    </LocationProvider>,
  );
/** Each body row's first cell, as a reader sees it: without markup and isolates. */
const firstCells = (html: string) => [...html.matchAll(/<tr><td>(.*?)<\/td>/g)].map(([, cell]) => cell.replace(/<[^>]+>/g, '').replace(/[\u2066-\u2069]/g, ''));
const namesIn = (code: string) => (content.ui[code] as unknown as { credentials: { items: Record<string, { name: string }> } }).credentials.items;

describe('<CredentialsTable />', () => {
  it("lists every credential of content/facts.yaml in the data's order, in English by the data's names", () => {
    const html = render('/certifications');
    expect(firstCells(html)).toEqual(credentials.map((credential) => credential.name));
    expect(html).toMatch(/^<div class="table-wrap" tabindex="0"><table><thead><tr><th>Certification or registration<\/th>/);
    expect(html).toContain('see our <a href="/sustainability">sustainability page</a>');
  });

  it.each(['de', 'ar'])('in %s, names them as the language file does, and its links lead to the translated pages', (code) => {
    const html = render(`/${code}/certifications`);
    expect(firstCells(html)).toEqual(credentials.map((credential) => namesIn(code)[credential.id].name));
    expect(html).toContain(`href="/${code}/region/us"`);
    expect(html).not.toContain('href="/region/us"');
  });

  it('isolates the Latin codes with figures in the Arabic table, so "ISO 22000" reads as written', () => {
    const html = render('/ar/certifications');
    expect(html).toContain(`<tr><td>${LRI}ISO 22000${PDI}</td>`);
    expect(html).toContain(`${LRI}ISO 14001${PDI}`);
    expect(render('/certifications')).not.toMatch(/[\u2066-\u2069]/);
  });
});
