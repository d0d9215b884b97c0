/** The dashboard's first block: a count per collection (and applications awaiting review), each a link to its section. */
import { awaitingReview } from './awaiting-review';
import { SourceNote, useSectionData } from './lead-source';
import { SECTIONS, type SectionInfo } from './sections';

function Tile({ section }: { section: SectionInfo }) {
  const { records } = useSectionData(section.collection);
  const pending = awaitingReview(section.collection, records);
  return (
    <li>
      <a className="overview-tile" href={`#${section.slug}`}>
        <span className="overview-count">{records.length}</span>
        <span className="overview-label">{section.title}</span>
        {pending !== null && records.length > 0 && <span className="overview-pending">{pending} pending review</span>}
      </a>
    </li>
  );
}

/** `sections`: the ones the dashboard shows below (with the server, the buyers' leads are the desk's, above). */
export function DashboardOverview({ sections = SECTIONS }: { sections?: readonly SectionInfo[] }) {
  return (
    <nav aria-label="Dashboard sections" className="admin-overview">
      <ul className="overview-tiles">
        {sections.map((section) => (
          <Tile key={section.collection} section={section} />
        ))}
      </ul>
      <SourceNote />
      <p className="field-hint">
        Every submission is kept in the browser that sent it, and delivered to the lead endpoint or to this site’s server when there is one. Export a CSV to
        keep or share a copy.
      </p>
    </nav>
  );
}
