/**
 * The stylesheet check (`npm run check:styles`, part of `npm run check`): the stylesheets say
 * "start" and "end" of the line, never "left" and "right", so the Arabic pages (`dir="rtl"`)
 * mirror and the English and German ones lay out as before (logical = physical left to right).
 * Each problem is reported with its file, line and the logical property or value to use.
 *
 * - stylelint-plugin-logical-css: physical left/right longhands (`margin-left`, `padding-right`,
 *   `border-left-color`, `left`, `right`, `border-top-left-radius`, `scroll-margin-left`, …) and
 *   left/right keywords (`text-align: left`, `float`, `clear`, `text-align-last`). Top, bottom,
 *   widths and heights stay physical: this site is written horizontally in every language, and
 *   the rule is about mirroring, not vertical writing.
 * - gb/mirrored-shorthands (scripts/lib/stylelint-mirrored-shorthands.mjs): a shorthand whose
 *   left and right differ (`margin: 0 2rem 0 0`, `border-radius: 8px 0 0 8px`).
 *
 * Exceptions: what is genuinely physical (a box placed by script in viewport coordinates) is let
 * through where it stands, with `stylelint-disable-next-line <rule> -- <why>`. A disable without
 * its reason, one that disables nothing, or one naming an unknown rule fails the check.
 * `grep -rn stylelint-disable src/ui/styles` lists them all.
 */
import mirroredShorthands from './scripts/lib/stylelint-mirrored-shorthands.mjs';

/** Physical properties of the block axis and of size, which a horizontal page never mirrors. */
const BLOCK_AXIS_AND_SIZE = [
  'top',
  'bottom',
  'margin-top',
  'margin-bottom',
  'padding-top',
  'padding-bottom',
  'border-top',
  'border-top-color',
  'border-top-style',
  'border-top-width',
  'border-bottom',
  'border-bottom-color',
  'border-bottom-style',
  'border-bottom-width',
  'scroll-margin-top',
  'scroll-margin-bottom',
  'scroll-padding-top',
  'scroll-padding-bottom',
  'width',
  'min-width',
  'max-width',
  'height',
  'min-height',
  'max-height',
  'contain-intrinsic-width',
  'contain-intrinsic-height',
  'overflow-x',
  'overflow-y',
  'overscroll-behavior-x',
  'overscroll-behavior-y',
];

/** @type {import('stylelint').Config} */
export default {
  plugins: ['stylelint-plugin-logical-css', mirroredShorthands],
  reportDescriptionlessDisables: true,
  reportNeedlessDisables: true,
  reportInvalidScopeDisables: true,
  rules: {
    'logical-css/require-logical-properties': [true, { ignore: BLOCK_AXIS_AND_SIZE }],
    // Only the left/right keywords: caption-side's top and resize's vertical are not about mirroring.
    'logical-css/require-logical-keywords': [true, { ignore: ['box-orient', 'caption-side', 'offset-anchor', 'offset-position', 'resize'] }],
    'gb/mirrored-shorthands': true,
  },
};
