/**
 * The tests' browser draws in the project's fonts only (scripts/lib/test-fonts.ts): a family the
 * machine may or may not have installed (Liberation Sans, DejaVu Sans, Arial), a generic family
 * and Arabic text all come out in the fonts the project ships, so what the tests measure of a
 * page's layout is the same on every machine.
 */
import { describe, expect, it } from 'vitest';
import { TEST_FONT_FAMILIES } from '../../scripts/lib/test-fonts';
import { openPage, useBrowser } from './support/browser';

const browser = useBrowser();

const SAMPLES = {
  liberation: `font-family: 'Liberation Sans'`,
  dejavu: `font-family: 'DejaVu Sans'`,
  arial: 'font-family: Arial',
  sans: 'font-family: sans-serif',
  serif: 'font-family: Georgia, serif',
  system: 'font-family: system-ui',
  mono: 'font-family: ui-monospace, monospace',
};

describe("the tests' fonts", () => {
  it('are the only ones the browser draws in, Latin and Arabic alike', async () => {
    const { page } = await openPage(browser());
    const paragraphs = Object.entries(SAMPLES).map(([id, style]) => `<p id="${id}" style="${style}">Garlic powder — 25 kg</p>`);
    await page.setContent(`${paragraphs.join('')}<p id="arabic" lang="ar" dir="rtl">مسحوق الثوم</p>`);
    const session = await page.context().newCDPSession(page);
    await session.send('DOM.enable');
    await session.send('CSS.enable');
    const { root } = await session.send('DOM.getDocument');
    const used: Record<string, string[]> = {};
    for (const id of [...Object.keys(SAMPLES), 'arabic']) {
      const { nodeId } = await session.send('DOM.querySelector', { nodeId: root.nodeId, selector: `#${id}` });
      const { fonts } = await session.send('CSS.getPlatformFontsForNode', { nodeId });
      used[id] = fonts.map((font) => font.familyName);
    }
    for (const id of Object.keys(SAMPLES)) expect(used[id], id).toEqual(['Open Sans']);
    // The letters in the site's Arabic face; the space between the words, which its subset leaves out, in Open Sans.
    expect(used.arabic).toEqual(['Noto Sans Arabic', 'Open Sans']);
    expect(new Set(Object.values(used).flat())).toEqual(new Set(TEST_FONT_FAMILIES));
  });
});
