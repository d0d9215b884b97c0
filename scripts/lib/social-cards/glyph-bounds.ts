/**
 * The box every glyph of a TrueType face fits in, read from the font's `head` table: where a
 * title's ink can be at most, before the rasteriser says where it is (card-png.ts). On its own,
 * without the font converter, so the card worker loads little.
 */

/** In em from the glyph's origin (y up, as in the font). */
export interface GlyphBounds {
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** A TrueType file's font-wide glyph box, from its `head` table. */
export function glyphBounds(ttf: Buffer): GlyphBounds {
  const tables = ttf.readUInt16BE(4);
  for (let i = 0; i < tables; i++) {
    const record = 12 + 16 * i;
    if (ttf.toString('latin1', record, record + 4) !== 'head') continue;
    const head = ttf.readUInt32BE(record + 8);
    const em = ttf.readUInt16BE(head + 18);
    return {
      xMin: ttf.readInt16BE(head + 36) / em,
      yMin: ttf.readInt16BE(head + 38) / em,
      xMax: ttf.readInt16BE(head + 40) / em,
      yMax: ttf.readInt16BE(head + 42) / em,
    };
  }
  throw new Error('not a TrueType font: no head table');
}
