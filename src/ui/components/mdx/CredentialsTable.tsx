/**
 * The certifications page's table of every credential the company holds (content/facts.yaml
 * `company.credentials`), in the data's order, in the page's language: each one's name (English
 * from the data, other languages from their interface file), what it covers and why a buyer cares
 * (content/ui/<code>.yaml `credentials`). The same markup as a Markdown table of a page body, so it
 * looks and scrolls like one. Pre-rendered only: the table never reaches the browser's scripts.
 *
 * A right-to-left language's words arrive with their Latin figures already isolated
 * ("ISO 22000", src/build/content/isolate-rtl.ts), as the rehype step isolates a page body's.
 */
import type { ReactNode } from 'react';
import tables from 'virtual:content/credentials';
import { DEFAULT_LANGUAGE } from '@/shared/i18n/languages';
import { useUi } from '@/ui/i18n/ui';
import { SmartLink } from '../ui/links';
import { ScrollingTable } from '../ui/TableScroll';

const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

/** A cell's words, with each `[words](/page)` a link that leads to the page in the reader's language. */
function withLinks(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(
      <SmartLink key={match.index} href={match[2]}>
        {match[1]}
      </SmartLink>,
    );
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

export function CredentialsTable() {
  const { code } = useUi();
  const table = tables[code] ?? tables[DEFAULT_LANGUAGE.code];
  return (
    <ScrollingTable>
      <thead>
        <tr>
          <th>{table.columns.name}</th>
          <th>{table.columns.covers}</th>
          <th>{table.columns.why}</th>
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row) => (
          <tr key={row.id}>
            <td>{withLinks(row.name)}</td>
            <td>{withLinks(row.covers)}</td>
            <td>{withLinks(row.why)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}
