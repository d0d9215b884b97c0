import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ContactForm } from './forms';

describe('the quote request form as pre-rendered', () => {
  it('starts the required Unit select on an empty "Choose a unit" option, so required means a choice was made', () => {
    const html = renderToString(<ContactForm />);
    const select = /<select[^>]*name="unit"[^>]*>(.*?)<\/select>/s.exec(html);
    expect(select?.[0]).toMatch(/<select[^>]*required=""/);
    const options = [...(select?.[1] ?? '').matchAll(/<option value="([^"]*)"( selected="")?>([^<]*)<\/option>/g)].map((m) => [m[1], m[3], Boolean(m[2])]);
    expect(options).toEqual([
      ['', 'Choose a unit', true],
      ['kg', 'kg', false],
      ['metric tons', 'metric tons', false],
      ['units', 'units', false],
    ]);
  });
});
