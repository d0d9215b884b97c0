/**
 * The site configuration's four figures as tiles, each label as `labelOf` gives it: as written
 * (English) unless told otherwise. It reads none of the interface words, so the English-only
 * investor dashboard shows the tiles without loading every language's; the pages' StatTiles
 * (blocks.tsx) label them in the page's language.
 */
import { site } from '@/shared/site';

export function StatTileList({ labelOf = (label: string) => label }: { labelOf?: (label: string) => string }) {
  return (
    <dl className="stat-tiles not-prose">
      {site.stats.map((stat) => (
        <div key={stat.label} className="stat-tile">
          <dt>{labelOf(stat.label)}</dt>
          <dd>{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
