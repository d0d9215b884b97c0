/**
 * The Overview's pipeline colours each status in a colour of its own that says what it means (New
 * blue, Won green, Lost grey or red), in the light and the dark theme, each at least 4.5:1 against
 * the surface the chart is drawn on (WCAG AA for text; bars need 3:1).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUYER_STATUSES, type BuyerStatus } from '@/shared/domain/records';

const read = (file: string) => fs.readFileSync(path.resolve(file), 'utf8');
const ADMIN = read('src/ui/styles/pages/08-admin/09-overview.css');
const SITE = read('src/ui/styles/base/site.css');

/** The custom properties `selector`'s rules in `css` set, merged in order; a rule may stand inside an at-rule (indented). */
function properties(css: string, selector: string): Record<string, string> {
  const found: Record<string, string> = {};
  const rule = new RegExp(`(?:^|\\n)[ \\t]*${selector.replace(/[[\]().'*]/g, '\\$&')}\\s*\\{([^}]*)\\}`, 'g');
  for (const [, body] of css.matchAll(rule)) {
    for (const [, name, value] of (body ?? '').matchAll(/(--[\w-]+):\s*([^;]+);/g)) found[name as string] = (value as string).trim();
  }
  return found;
}

const THEMES = {
  light: { status: properties(ADMIN, '.overview-section'), surface: properties(SITE, ':root')['--surface'] },
  dark: { status: properties(ADMIN, "[data-theme='dark'] .overview-section"), surface: properties(SITE, "[data-theme='dark']")['--surface'] },
};

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = channels(hex).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}
/** Hue in degrees and saturation (HSL), to check what a colour says. */
function hueOf(hex: string): { hue: number; saturation: number } {
  const [r = 0, g = 0, b = 0] = channels(hex);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  const saturation = max === min ? 0 : (max - min) / (1 - Math.abs(2 * lightness - 1));
  let hue = 0;
  if (max !== min) {
    if (max === r) hue = ((g - b) / (max - min)) % 6;
    else if (max === g) hue = (b - r) / (max - min) + 2;
    else hue = (r - g) / (max - min) + 4;
  }
  return { hue: (hue * 60 + 360) % 360, saturation };
}

const property = (status: BuyerStatus) => `--status-${status.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

describe.each(Object.entries(THEMES))('the pipeline’s colours in the %s theme', (_, theme) => {
  const colour = (status: BuyerStatus) => theme.status[property(status)] ?? '';

  it('give every status a colour of its own', () => {
    const colours = BUYER_STATUSES.map(colour);
    expect(
      colours.every((value) => /^#[0-9a-f]{6}$/i.test(value)),
      colours.join(' '),
    ).toBe(true);
    expect(new Set(colours.map((value) => value.toLowerCase())).size).toBe(BUYER_STATUSES.length);
  });

  it('each at least 4.5:1 against the chart’s surface', () => {
    expect(theme.surface).toMatch(/^#[0-9a-f]{6}$/i);
    for (const status of BUYER_STATUSES) expect(contrast(colour(status), theme.surface ?? ''), status).toBeGreaterThanOrEqual(4.5);
  });

  it('say what they mean: New blue, Won green, Lost grey or red', () => {
    const isBlue = ({ hue }: { hue: number }) => hue >= 190 && hue <= 250;
    const isGreen = ({ hue }: { hue: number }) => hue >= 90 && hue <= 170;
    expect(isBlue(hueOf(colour('new')))).toBe(true);
    expect(isGreen(hueOf(colour('won')))).toBe(true);
    const lost = hueOf(colour('lost'));
    expect(lost.saturation < 0.15 || lost.hue < 15 || lost.hue > 345).toBe(true);
  });
});
