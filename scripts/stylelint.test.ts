/**
 * The stylesheet check (stylelint.config.mjs, `npm run check:styles`): every physical left/right
 * property, keyword and lopsided shorthand fails it, named with its file, line and the logical
 * form to use; the block axis and sizes pass; an exception needs its reason; the site's own
 * stylesheets pass.
 */
import stylelint from 'stylelint';
import { describe, expect, it } from 'vitest';
import { logicalForm, splitValue } from './lib/stylelint-mirrored-shorthands.mjs';

const CONFIG = 'stylelint.config.mjs';

/** The check's findings for one stylesheet: `line: message`. */
async function problems(code: string): Promise<string[]> {
  const { results } = await stylelint.lint({ code, codeFilename: 'src/ui/styles/pages/13-example.css', configFile: CONFIG });
  return results.flatMap((result) => result.warnings.map((warning) => `${warning.line}: ${warning.text.replace(/\s+\(\S+\)$/, '')}`));
}

describe('the stylesheet check', () => {
  it('passes the site’s stylesheets', async () => {
    const { results, errored } = await stylelint.lint({ files: 'src/ui/styles/**/*.css', configFile: CONFIG });
    expect(results.length).toBeGreaterThan(10);
    expect(results.flatMap((result) => result.warnings.map((w) => `${result.source}:${w.line}: ${w.text}`))).toEqual([]);
    expect(errored).toBe(false);
  });

  it.each([
    ['margin-left: 1rem', 'margin-inline-start'],
    ['margin-right: 1rem', 'margin-inline-end'],
    ['padding-left: 1rem', 'padding-inline-start'],
    ['padding-right: 1rem', 'padding-inline-end'],
    ['border-left: 4px solid red', 'border-inline-start'],
    ['border-right-width: 4px', 'border-inline-end-width'],
    ['border-left-color: red', 'border-inline-start-color'],
    ['left: 0', 'inset-inline-start'],
    ['right: 1rem', 'inset-inline-end'],
    ['border-top-left-radius: 8px', 'border-start-start-radius'],
    ['border-bottom-right-radius: 8px', 'border-end-end-radius'],
    ['scroll-margin-left: 1rem', 'scroll-margin-inline-start'],
  ])('fails on "%s", naming the line and %s', async (declaration, logical) => {
    const found = await problems(`.a {\n  color: red;\n  ${declaration};\n}\n`);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(new RegExp(`^3: .*${declaration.split(':')[0]}.*— ${logical}$`));
  });

  it.each([
    ['text-align: left', 'start'],
    ['text-align: right', 'end'],
    ['float: right', 'inline-end'],
    ['clear: left', 'inline-start'],
  ])('fails on "%s", naming %s', async (declaration, logical) => {
    expect(await problems(`.a { ${declaration}; }`)).toEqual([expect.stringMatching(new RegExp(`^1: .*${declaration.split(': ')[1]}.*— ${logical}$`))]);
  });

  it('fails on a shorthand whose left and right differ, naming the logical declarations', async () => {
    expect(await problems('.a {\n  margin: 0 2rem 0 0;\n  border-radius: 8px 0 0 8px;\n}')).toEqual([
      '2: Unexpected "margin: 0 2rem 0 0": its left and right differ. Use the logical "margin-block: 0; margin-inline: 0 2rem"',
      '3: Unexpected "border-radius: 8px 0 0 8px": its left and right differ. Use the logical "border-start-start-radius: 8px; border-start-end-radius: 0; border-end-end-radius: 0; border-end-start-radius: 8px"',
    ]);
  });

  it('lets the block axis, sizes, logical properties and symmetric shorthands through', async () => {
    const css = `.a {
  top: 0;
  bottom: 0;
  margin-top: 1rem;
  padding-bottom: 1rem;
  border-bottom: 1px solid;
  width: 10rem;
  max-height: 5rem;
  overflow-x: auto;
  caption-side: top;
  resize: vertical;
  inset-inline-start: 0;
  margin-inline: auto;
  text-align: start;
  margin: 0 1rem 2rem;
  padding: 1rem 2rem 1rem 2rem;
  inset: 0;
  border-radius: 0 0 3px 3px;
  transform-origin: 0 50%;
}`;
    expect(await problems(css)).toEqual([]);
  });

  it('takes an exception only with its reason, and only where there is something to except', async () => {
    const rule = 'logical-css/require-logical-properties';
    expect(await problems(`.a {\n  /* stylelint-disable-next-line ${rule} -- placed by script */\n  left: 0;\n}`)).toEqual([]);
    expect((await problems(`.a {\n  /* stylelint-disable-next-line ${rule} */\n  left: 0;\n}`)).join('\n')).toMatch(
      /^2: Disable for "logical-css\/require-logical-properties" is missing a description/,
    );
    expect((await problems(`.a {\n  /* stylelint-disable-next-line ${rule} -- no longer needed */\n  inset-inline-start: 0;\n}`)).join('\n')).toMatch(
      /^2: Needless disable/,
    );
  });
});

describe('mirrored shorthands', () => {
  it('splits a value at its spaces, keeping functions whole', () => {
    expect(splitValue(' 0 calc(1rem + 2px)  var(--a, 1px) auto')).toEqual(['0', 'calc(1rem + 2px)', 'var(--a, 1px)', 'auto']);
  });

  it('reads each side and corner the way CSS fills in missing values', () => {
    expect(logicalForm('padding', '1rem 2rem 3rem')).toBeNull();
    expect(logicalForm('inset', '0 auto auto 0')).toBe('"inset-block: 0 auto; inset-inline: 0 auto"');
    expect(logicalForm('border-width', '1px 2px 1px 4px')).toBe('"border-block-width: 1px; border-inline-width: 4px 2px"');
    expect(logicalForm('border-radius', '4px 8px')).not.toBeNull();
    expect(logicalForm('border-radius', '8px 8px 8px')).toBeNull();
    // Three radii: the bottom left takes the top right's, so only the top right's stands opposite the bottom right.
    expect(logicalForm('border-radius', '8px 8px 0')).not.toBeNull();
    expect(logicalForm('border-radius', '8px 0 0')).not.toBeNull();
    expect(logicalForm('border-radius', '8px / 4px 8px')).not.toBeNull();
    expect(logicalForm('border-radius', '50%')).toBeNull();
    expect(logicalForm('Margin', '0 1px 0 2px')).not.toBeNull();
  });
});
