/**
 * The desk's search and filters: the search, the status, "My leads" and "Due today" always in view, the kind, country,
 * product and the days a lead was sent under "More filters" (so a phone shows the list without
 * scrolling past them). Every control is labelled; a change applies at once (the desk waits a
 * moment after typing before it asks the server).
 */
import { useId, useMemo, useState } from 'react';
import { englishCountryCode, englishCountryName, englishCountryOptions } from '@/shared/domain/country-english';
import { BUYER_COLLECTIONS, BUYER_STATUS_LABELS, BUYER_STATUSES, type BuyerCollection, type BuyerStatus } from '@/shared/domain/records';
import { NO_FILTERS, Q_MAX, setFilterCount, type DeskFilters } from './desk-filters';
import { AdminField, LabelledOptions } from './AdminField';

const KIND_OPTIONS: Record<BuyerCollection, string> = { contactEnquiries: 'Quote requests', sampleRequests: 'Sample requests' };
const MORE: readonly (keyof DeskFilters)[] = ['kind', 'country', 'product', 'from', 'to'];

interface Props {
  filters: DeskFilters;
  onChange: (filters: DeskFilters) => void;
  products: readonly string[];
  /** Countries of the leads seen so far (as the list shows them), offered first. */
  countries: readonly string[];
}

export function DeskFilterForm({ filters, onChange, products, countries }: Props) {
  const id = useId();
  const set = <K extends keyof DeskFilters>(key: K, value: DeskFilters[K]) => onChange({ ...filters, [key]: value });
  const more = setFilterCount(filters, MORE);
  // Open at first when the address sets one of them; after that, as the admin leaves it.
  const [openAtFirst] = useState(more > 0);
  // The leads' own countries first, by code; text that names no country cannot be filtered by.
  const seen = useMemo(
    () =>
      [...new Set(countries.map((country) => englishCountryCode(country)).filter((code) => code !== undefined))].sort((a, b) =>
        englishCountryName(a).localeCompare(englishCountryName(b), 'en'),
      ),
    [countries],
  );

  return (
    <form role="search" aria-label="Buyers’ leads" className="desk-filters" onSubmit={(event) => event.preventDefault()}>
      <div className="desk-filters-main">
        <AdminField id={`${id}-q`} label="Search name, company, e-mail, phone, city or message" className="desk-search">
          <input id={`${id}-q`} className="input" type="search" maxLength={Q_MAX} value={filters.q} onChange={(event) => set('q', event.target.value)} />
        </AdminField>
        <AdminField id={`${id}-status`} label="Status">
          <select id={`${id}-status`} className="select" value={filters.status} onChange={(event) => set('status', event.target.value as BuyerStatus | '')}>
            <option value="">All statuses</option>
            <LabelledOptions values={BUYER_STATUSES} labels={BUYER_STATUS_LABELS} />
          </select>
        </AdminField>
        <fieldset className="desk-own">
          <legend className="visually-hidden">Whose and when</legend>
          <label className="desk-check" htmlFor={`${id}-mine`}>
            <input id={`${id}-mine`} type="checkbox" checked={filters.mine === '1'} onChange={(event) => set('mine', event.target.checked ? '1' : '')} />
            My leads
          </label>
          <label className="desk-check" htmlFor={`${id}-due`}>
            <input id={`${id}-due`} type="checkbox" checked={filters.due === 'today'} onChange={(event) => set('due', event.target.checked ? 'today' : '')} />
            Due today
          </label>
        </fieldset>
      </div>
      <details className="desk-more" open={openAtFirst || undefined}>
        <summary>More filters{more > 0 ? ` (${more} set)` : ''}</summary>
        <div className="desk-filters-more">
          <AdminField id={`${id}-kind`} label="Kind">
            <select id={`${id}-kind`} className="select" value={filters.kind} onChange={(event) => set('kind', event.target.value as BuyerCollection | '')}>
              <option value="">Quote and sample requests</option>
              <LabelledOptions values={BUYER_COLLECTIONS} labels={KIND_OPTIONS} />
            </select>
          </AdminField>
          <AdminField id={`${id}-country`} label="Country">
            <select id={`${id}-country`} className="select" value={filters.country} onChange={(event) => set('country', event.target.value)}>
              <option value="">All countries</option>
              {seen.length > 0 ? (
                <optgroup label="In the leads">
                  {seen.map((code) => (
                    <option key={code} value={code}>
                      {englishCountryName(code)}
                    </option>
                  ))}
                </optgroup>
              ) : null}
              <optgroup label="Every country">
                {englishCountryOptions().map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </optgroup>
            </select>
          </AdminField>
          <AdminField id={`${id}-product`} label="Product">
            <select id={`${id}-product`} className="select" value={filters.product} onChange={(event) => set('product', event.target.value)}>
              <option value="">All products</option>
              {products.map((product) => (
                <option key={product} value={product}>
                  {product}
                </option>
              ))}
            </select>
          </AdminField>
          <SentDay id={`${id}-from`} label="Sent from" value={filters.from} max={filters.to || undefined} onChange={(day) => set('from', day)} />
          <SentDay id={`${id}-to`} label="Sent until" value={filters.to} min={filters.from || undefined} onChange={(day) => set('to', day)} />
        </div>
      </details>
      <button type="button" className="btn btn-secondary btn-small desk-clear" onClick={() => onChange(NO_FILTERS)}>
        Clear filters
      </button>
    </form>
  );
}

/** One end of the days the leads were sent in: a date field that cannot be set past the other end. */
function SentDay({
  id,
  label,
  value,
  min,
  max,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (day: string) => void;
}) {
  return (
    <AdminField id={id} label={label}>
      <input id={id} className="input" type="date" min={min} max={max} value={value} onChange={(event) => onChange(event.target.value)} />
    </AdminField>
  );
}
