/**
 * A product page's specification, packaging and ordering facts, all from the `product` block of
 * its frontmatter: the same data feeds the page, its Product JSON-LD and the print view.
 */
import { usePageMeta } from '@/router/page-meta';
import { ButtonLink } from '../ui/links';
import { slugify } from '../ui/slug';
import { TableScroll } from '../ui/TableScroll';

export function ProductSpecs() {
  const { product } = usePageMeta();
  if (!product) throw new Error('<ProductSpecs /> needs a `product` block in the page frontmatter');
  return (
    <section className="product-specs not-prose" aria-labelledby="specifications">
      <h2 id="specifications">Specifications</h2>
      {product.specifications.map((group) => (
        <TableScroll key={group.group}>
          <table className="spec-table">
            <caption id={`spec-${slugify(group.group)}`}>{group.group}</caption>
            <thead>
              <tr>
                <th scope="col">Parameter</th>
                <th scope="col">Specification</th>
                <th scope="col">Method</th>
              </tr>
            </thead>
            <tbody>
              {group.rows.map((row) => (
                <tr key={row.parameter}>
                  <th scope="row">{row.parameter}</th>
                  <td>{row.value}</td>
                  <td>{row.method ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ))}
      <h2 id="packaging-and-ordering">Packaging and ordering</h2>
      <dl className="facts">
        <div>
          <dt>Packaging</dt>
          <dd>
            <ul>
              {product.packaging.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt>Minimum order</dt>
          <dd>{product.moq}</dd>
        </div>
        <div>
          <dt>Shelf life</dt>
          <dd>{product.shelfLife}</dd>
        </div>
        <div>
          <dt>Storage</dt>
          <dd>{product.storage}</dd>
        </div>
        <div>
          <dt>Certifications</dt>
          <dd>{product.certifications.join(', ')}</dd>
        </div>
      </dl>
      <div className="actions print-hidden">
        <ButtonLink to="/sample-request">Request a sample</ButtonLink>
        <ButtonLink to="/contact" variant="secondary">
          Get a quote
        </ButtonLink>
      </div>
    </section>
  );
}
