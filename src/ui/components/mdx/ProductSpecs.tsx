/**
 * A product page's specification, packaging and ordering facts, all from the `product` block of
 * its frontmatter: the same data feeds the page, its Product JSON-LD and the print view.
 *
 * Printed, the page becomes a spec sheet (src/ui/styles/print/): the letterhead below, which only
 * print shows, then the title, the summary and this section. The 'Print spec sheet' button is
 * `hidden` until src/browser/runtime/print-button.ts wires it, so without JavaScript there is no button
 * that does nothing (the browser's own Print still gives the same sheet).
 */
import { Ltr } from '@/ui/i18n/Ltr';
import { WholeFigures } from '@/ui/i18n/WholeFigures';
import { site } from '@/shared/site';
import { usePageMeta } from '@/ui/router/page-meta';
import { FactRow } from '../ui/FactRow';
import { ButtonLink } from '../ui/links';
import { useUi } from '@/ui/i18n/ui';
import { anchorId } from '../ui/slug';
import { TableScroll } from '../ui/TableScroll';

export function ProductSpecs() {
  const { product } = usePageMeta();
  const w = useUi().strings.specs;
  if (!product) throw new Error('<ProductSpecs /> needs a `product` block in the page frontmatter');
  return (
    <>
      <PrintLetterhead />
      <section className="product-specs not-prose" aria-labelledby="specifications">
        <h2 id="specifications">{w.heading}</h2>
        {product.specifications.map((group) => (
          <TableScroll key={group.group}>
            <table className="spec-table">
              <caption id={`spec-${anchorId(group.group)}`}>{group.group}</caption>
              <thead>
                <tr>
                  <th scope="col">{w.parameter}</th>
                  <th scope="col">{w.specification}</th>
                  <th scope="col">{w.method}</th>
                </tr>
              </thead>
              <tbody>
                {group.rows.map((row) => (
                  <tr key={row.parameter}>
                    <th scope="row">
                      <WholeFigures text={row.parameter} />
                    </th>
                    <td>
                      <WholeFigures text={row.value} />
                    </td>
                    {/* Named on a phone, where the row's cells stack (01-tables.css). */}
                    <td data-label={row.method ? w.method : undefined}>{row.method ? <WholeFigures text={row.method} /> : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        ))}
        <h2 id="packaging-and-ordering">{w.orderingHeading}</h2>
        <dl className="facts">
          <FactRow term={w.packaging}>
            <ul>
              {product.packaging.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </FactRow>
          <FactRow term={w.minimumOrder}>
            <WholeFigures text={product.moq} />
          </FactRow>
          <FactRow term={w.shelfLife}>
            <WholeFigures text={product.shelfLife} />
          </FactRow>
          <FactRow term={w.storage}>
            <WholeFigures text={product.storage} />
          </FactRow>
          <FactRow term={w.certifications}>{product.certifications.join(', ')}</FactRow>
        </dl>
        <div className="actions print-hidden">
          <ButtonLink to="/sample-request">{w.requestSample}</ButtonLink>
          <ButtonLink to="/contact" variant="secondary">
            {w.getQuote}
          </ButtonLink>
          <button type="button" className="btn btn-secondary" data-print-button hidden>
            {w.print}
          </button>
        </div>
      </section>
    </>
  );
}

/**
 * The spec sheet's header on paper: who supplies it and how to reach them. The date is the day of
 * printing, written by the runtime just before the browser prints; a pre-rendered date would be
 * the build's, so the markup carries none.
 */
function PrintLetterhead() {
  const { address, contact } = site;
  const { strings } = useUi();
  return (
    <div className="print-letterhead">
      <p className="print-letterhead-name">{site.legalName}</p>
      <p>
        <Ltr>
          {address.street}, {address.locality} {address.postalCode}, {address.region}, {address.country}
        </Ltr>
      </p>
      <p>
        <Ltr>{contact.email}</Ltr> · <Ltr>{contact.phone}</Ltr> · <Ltr>{site.url.replace(/^https?:\/\//, '')}</Ltr>
      </p>
      <p className="print-letterhead-date" data-print-date={strings.specs.printed} hidden />
    </div>
  );
}
