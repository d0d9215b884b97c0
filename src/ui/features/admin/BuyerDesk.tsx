/**
 * The sales desk (server mode only: the status, notes, follow-up and history live on the server):
 * every quote request and sample request in one compact list, overdue follow-ups and new leads
 * first, with search and filters kept in the page's address, a CSV of what the filters show, and a
 * lead's details in a dialog, where it is given to a colleague. A delete can be undone (Undo beside its message); deletes and moves
 * to the Spam list are made from the version the details show, so a colleague's change since is
 * not overridden. Results and failures are announced in status lines; focus returns to the lead's
 * line when its details close, or to the desk's heading when the line is gone.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  deleteServerLead,
  listBuyerLeads,
  listColleagues,
  markServerLeadSpam,
  restoreServerLead,
  serverLead,
  serverLeadsCsvOf,
  type Colleague,
  type ServerBuyerLead,
} from '@/browser/api/admin-api';
import { downloadFile } from '@/ui/components/download-file';
import { adminLeadPath } from '@/shared/domain/admin-links';
import { csvFileName } from '@/shared/domain/csv';
import { isBuyerCollection } from '@/shared/domain/records';
import { deskGroup, leadCountry, localDate } from '@/shared/domain/sales-pipeline';
import { site } from '@/shared/site';
import { deskQuery, describeFilters, filtersToParams, readFilters, type DeskFilters } from './desk-filters';
import { DeskFilterForm } from './DeskFilterForm';
import { formatDay } from './format';
import { useReloadSpam, useServerCall } from './lead-source';
import { LeadList } from './LeadList';
import { writeDeskAddress, writeOpen } from './open-address';
import { SECTIONS } from './sections';
import { errorMessage } from '../../../shared/error-message';
import { ExportButton, SectionHeading, SectionStatus } from './SectionHeading';

/** A lead's details, loaded the first time one is opened: the desk's list needs none of their code. */
const LeadDetails = lazy(() => import('./LeadDetails').then((module) => ({ default: module.LeadDetails })));

const PAGE = 25;
/** How long the desk waits after a change before it asks the server (typing a search). */
const SETTLE_MS = 250;
const HEADING_ID = 'buyers-leads-heading';

type List = { kind: 'loading' } | { kind: 'ready'; leads: ServerBuyerLead[]; now: Date } | { kind: 'failed'; reason: string };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function BuyerDesk() {
  const call = useServerCall();
  const reloadSpam = useReloadSpam();
  const [filters, setFilters] = useState<DeskFilters>(() => readFilters(new URLSearchParams(window.location.search), site.products));
  const [list, setList] = useState<List>({ kind: 'loading' });
  const [busy, setBusy] = useState(true);
  /** The filters' query whose answer (the list, or why there is none) is drawn: until it is the current one, the desk says it is busy. */
  const [answered, setAnswered] = useState<string | null>(null);
  const [shown, setShown] = useState(PAGE);
  const [open, setOpenLead] = useState<ServerBuyerLead | null>(null);
  const [countries, setCountries] = useState<string[]>([]);
  /** Who a lead can be given to; a failure leaves the owner list with nobody but the lead's owner. */
  const [colleagues, setColleagues] = useState<Colleague[]>([]);
  const [message, setMessage] = useState('');
  /** The lead just deleted, while its Undo is offered. */
  const [undoable, setUndoable] = useState<ServerBuyerLead | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const latest = useRef(0);
  /** Where focus goes once the details have closed and the list is drawn: the lead's line, or the heading. */
  const returnTo = useRef<{ lead: string } | 'heading' | null>(null);
  const first = useRef(true);
  /** The lead a notification's link names (/admin?lead=GB-…): its details open once the desk is there. */
  const linked = useRef(new URLSearchParams(window.location.search).get('lead'));

  /** Opens a lead's details (or closes them, with null), named in the address so a reload opens them again. */
  const setOpen = useCallback((lead: ServerBuyerLead | null) => {
    setOpenLead(lead);
    writeOpen('lead', lead?.id ?? null);
  }, []);

  const load = useCallback(
    async (current: DeskFilters, forQuery: string) => {
      const ticket = ++latest.current;
      const now = new Date();
      setBusy(true);
      try {
        const leads = await call(listBuyerLeads)(deskQuery(current, now));
        if (ticket !== latest.current) return;
        setList({ kind: 'ready', leads, now });
        setCountries((known) => {
          const all = new Set(known);
          for (const lead of leads) {
            const country = leadCountry(lead.fields);
            if (country) all.add(country);
          }
          return all.size === known.length ? known : [...all].sort((a, b) => a.localeCompare(b));
        });
      } catch (error) {
        if (ticket === latest.current) setList({ kind: 'failed', reason: errorMessage(error) });
      } finally {
        if (ticket === latest.current) {
          setBusy(false);
          setAnswered(forQuery);
        }
      }
    },
    [call],
  );

  // The filters as the address writes them: a change that asks for the same list (a space typed) asks nothing.
  const query = filtersToParams(filters).toString();
  useEffect(() => {
    writeDeskAddress(query);
    const timer = window.setTimeout(() => void load(readFilters(new URLSearchParams(query), site.products), query), first.current ? 0 : SETTLE_MS);
    first.current = false;
    return () => window.clearTimeout(timer);
  }, [query, load]);

  useEffect(() => {
    call(listColleagues)().then(setColleagues, () => {});
  }, [call]);

  useEffect(() => {
    const id = linked.current;
    if (!id) return;
    linked.current = null;
    // Asked for by its reference, whatever the filters show.
    call(listBuyerLeads)(new URLSearchParams({ type: 'contactEnquiries,sampleRequests', q: id })).then(
      (leads) => {
        const lead = leads.find((candidate) => candidate.id === id);
        setOpen(lead ?? null);
        if (lead) return;
        // Not a buyer's: an older notification named every lead with ?lead=, a job application or
        // a partnership application too. The page opens again where that one is worked.
        const missing = () => setMessage(`No buyer's lead ${id}: it may have been deleted.`);
        call(serverLead)(id).then((record) => (isBuyerCollection(record.type) ? missing() : window.location.replace(adminLeadPath(record))), missing);
      },
      (error: unknown) => setMessage(`Could not open lead ${id}: ${errorMessage(error)}.`),
    );
  }, [call, setOpen]);

  useEffect(() => {
    const target = returnTo.current;
    if (target === null || open || (target !== 'heading' && busy)) return;
    const line = target === 'heading' ? null : document.querySelector<HTMLButtonElement>(`[data-lead-open="${target.lead}"]`);
    (line ?? heading.current)?.focus();
    returnTo.current = null;
  }, [busy, open]);

  const changeFilters = (next: DeskFilters) => {
    setFilters(next);
    setShown(PAGE);
    setMessage('');
    setUndoable(null);
  };

  const close = () => {
    if (!open) return;
    returnTo.current = { lead: open.id };
    setOpen(null);
  };

  const saved = () => void load(filters, query);

  /**
   * Takes a lead off the desk (a delete, or a move to the Spam list) from the version its details
   * show: the details close, focus goes to the heading, and the list is read again whatever the
   * answer. `done` follows a success; a failure is said after `failure` ("Could not delete lead …").
   */
  const takeOff = (lead: ServerBuyerLead, request: (id: string, version: number) => Promise<void>, failure: string, done: () => void) => {
    returnTo.current = 'heading';
    setOpen(null);
    setUndoable(null);
    call(request)(lead.id, lead.version)
      .then(done, (error: unknown) => setMessage(`${failure}: ${errorMessage(error)}.`))
      .finally(() => void load(filters, query));
  };

  const remove = (lead: ServerBuyerLead) =>
    takeOff(lead, deleteServerLead, `Could not delete lead ${lead.id}`, () => {
      setMessage(`Deleted lead ${lead.id}. You can undo it for 30 days.`);
      setUndoable(lead);
    });

  const undo = (lead: ServerBuyerLead) => {
    setUndoable(null);
    call(restoreServerLead)(lead.id)
      .then(
        () => setMessage(`Restored lead ${lead.id}.`),
        (error: unknown) => setMessage(`Could not restore lead ${lead.id}: ${errorMessage(error)}.`),
      )
      .finally(() => void load(filters, query));
  };

  const toSpam = (lead: ServerBuyerLead) =>
    takeOff(lead, markServerLeadSpam, `Could not move lead ${lead.id} to the Spam list`, () => {
      setMessage(`Moved lead ${lead.id} to the Spam list; “Not spam” there moves it back.`);
      // The Spam list on this page shows it now, not after a reload.
      void reloadSpam();
    });

  const exportCsv = () => {
    const api = deskQuery(filters, new Date());
    api.delete('order');
    api.delete('today');
    call(serverLeadsCsvOf)(api).then(
      (text) => {
        const slug = SECTIONS.find((section) => section.collection === filters.kind)?.slug ?? 'buyers-leads';
        downloadFile(csvFileName(slug), text, { type: 'text/csv;charset=utf-8', byteOrderMark: true });
        setMessage('Exported the leads the filters show as CSV.');
      },
      (error: unknown) => setMessage(`Could not export the leads: ${errorMessage(error)}.`),
    );
  };

  const ready = list.kind === 'ready' ? list : null;
  // The day the list was asked for: the one its order and overdue marks are of.
  const today = ready ? localDate(ready.now) : '';
  const counts = useMemo(() => {
    const groups = { overdue: 0, new: 0 };
    for (const lead of ready?.leads ?? []) {
      const group = deskGroup(lead, today);
      if (group === 'overdue' || group === 'new') groups[group] += 1;
    }
    return groups;
  }, [ready, today]);
  const described = describeFilters(filters, (day) => formatDay(day));
  const total = ready?.leads.length ?? 0;

  let summary = '';
  if (ready) {
    const matching = described ? `${plural(total, 'lead matches', 'leads match')}: ${described}.` : `${plural(total, 'lead', 'leads')}.`;
    const urgent = `${plural(counts.overdue, 'overdue follow-up', 'overdue follow-ups')}, ${counts.new} new; they come first.`;
    summary = total ? `${matching} ${urgent}` : matching;
  }

  return (
    <section id="buyers-leads" className="admin-section buyer-desk" aria-labelledby={HEADING_ID} aria-busy={busy || answered !== query}>
      <div className="admin-section-head">
        <SectionHeading id={HEADING_ID} headingRef={heading} title="Buyers’ leads" count={ready ? total : null} />
        <div className="admin-section-actions">
          <ExportButton onExport={exportCsv} disabled={!ready || total === 0} />
        </div>
      </div>
      <p className="desk-intro">Quote requests and sample requests: New, Contacted, Quoted or Sample sent, then Won or Lost.</p>
      <DeskFilterForm filters={filters} onChange={changeFilters} products={site.products} countries={countries} />
      <SectionStatus message={message} undo={undoable && { label: `Undo: restore lead ${undoable.id}`, run: () => undo(undoable) }} />
      <p className="desk-summary" aria-live="polite">
        {summary}
      </p>
      {list.kind === 'failed' && (
        <p role="alert" className="admin-error">
          Could not load the buyers’ leads from the server: {list.reason}. Change a filter or reload the page to try again.
        </p>
      )}
      {ready && total === 0 && (
        <p className="admin-empty">
          {described ? (
            'No lead matches these filters.'
          ) : (
            <>
              The server has received no quote requests or sample requests yet. They appear here when a visitor sends the <a href="/contact">Contact</a> or{' '}
              <a href="/sample-request">Sample request</a> form.
            </>
          )}
        </p>
      )}
      {ready && total > 0 && (
        <>
          <LeadList leads={ready.leads.slice(0, shown)} today={today} now={ready.now} labelledBy={HEADING_ID} onOpen={setOpen} />
          {total > shown && (
            <button type="button" className="btn btn-secondary btn-small" onClick={() => setShown((n) => n + PAGE)}>
              Show {Math.min(PAGE, total - shown)} more of {total}
            </button>
          )}
        </>
      )}
      {open && (
        <Suspense fallback={null}>
          <LeadDetails
            key={open.id}
            lead={open}
            today={today}
            call={call}
            onClose={close}
            onSaved={saved}
            onDelete={remove}
            onSpam={toSpam}
            colleagues={colleagues}
          />
        </Suspense>
      )}
    </section>
  );
}
