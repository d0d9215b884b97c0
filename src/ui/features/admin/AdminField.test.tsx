/** The admin's labelled field: the label names the control, the hint and the error carry the ids the control points at. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AdminField, LabelledOptions } from './AdminField';

describe('AdminField', () => {
  it('labels the control by its id and adds the layout class beside "field"', () => {
    const html = renderToStaticMarkup(
      <AdminField id="f-q" label="Search" className="desk-search">
        <input id="f-q" className="input" />
      </AdminField>,
    );
    expect(html).toBe('<div class="field desk-search"><label class="field-label" for="f-q">Search</label><input id="f-q" class="input"/></div>');
  });

  it('writes the hint as `${id}-hint` (or hintId) and the error as `${id}-error` after the control', () => {
    const html = renderToStaticMarkup(
      <AdminField id="f-follow" label="Follow-up date" hint="The day to call again." error="Pick a day after today.">
        <input id="f-follow" aria-describedby="f-follow-hint f-follow-error" />
      </AdminField>,
    );
    expect(html).toBe(
      '<div class="field"><label class="field-label" for="f-follow">Follow-up date</label><input id="f-follow" aria-describedby="f-follow-hint f-follow-error"/>' +
        '<p class="field-hint" id="f-follow-hint">The day to call again.</p><p class="field-error" id="f-follow-error">Pick a day after today.</p></div>',
    );
    const custom = renderToStaticMarkup(
      <AdminField id="n-text" label="Note" hint="For the team only." hintId="n-hint">
        <textarea id="n-text" />
      </AdminField>,
    );
    expect(custom).toContain('<p class="field-hint" id="n-hint">For the team only.</p>');
  });
});

describe('LabelledOptions', () => {
  it('gives each value an option showing its label, in order', () => {
    const labels = { new: 'New', won: 'Won' } as const;
    expect(renderToStaticMarkup(<LabelledOptions values={['won', 'new']} labels={labels} />)).toBe(
      '<option value="won">Won</option><option value="new">New</option>',
    );
  });
});
