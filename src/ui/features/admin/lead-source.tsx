/**
 * Where the dashboard's submissions come from. With a server session (the site served by its own
 * server, admin signed in there), every section lists, reviews, deletes and exports the leads the
 * server received from every visitor. Otherwise (a static host, no server session, or a server
 * that cannot be asked) it works on the copies kept in this browser, as the forms store them.
 * The dashboard shows which one it is (SourceNote), so an empty list is never mistaken for
 * "nobody wrote".
 */
import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  clearServerLeads,
  deleteServerLead,
  listServerLeads,
  listSpamLeads,
  markServerLeadNotSpam,
  notificationsStatus,
  sendServerLeadAgain,
  serverLeadsCsv,
  serverSessionRole,
  updateServerLead,
  type AdminRole,
  type NotificationsStatus,
  type ServerLead,
} from '@/browser/api/admin-api';
import { ApiError } from '@/browser/api/portal-api';
import { useCollection } from '@/browser/data/providers';
import { toCsv } from '@/shared/domain/csv';
import { COLLECTIONS, isBuyerCollection, type AnyRecord, type ApplicationCollection, type ApplicationStatus, type Collection } from '@/shared/domain/records';
import { clearRecords, deleteRecord, updateApplication } from '@/browser/data/record-store';
import { errorMessage } from '../../../shared/error-message';

type LeadSource =
  | { kind: 'checking' }
  /** `role`: what the signed-in account may do (a sales account is not offered the team, posts, clearing or insight). */
  | { kind: 'server'; role: AdminRole }
  /** Why this browser's copies are shown: no server, no server session, or the server could not be asked. */
  | { kind: 'browser'; why: 'no-server' | 'signed-out' | 'unreachable'; detail?: string };

export interface Review {
  status: ApplicationStatus;
  /** Sent only when edited, so a status change never overwrites notes written meanwhile elsewhere. */
  notes?: string;
}

/** One section's records and what an admin can do with them; each action throws an Error whose message says why it failed. */
interface SectionData {
  records: AnyRecord[];
  /** Until the section knows which list it shows and has it: its count would otherwise say 0. */
  loading: boolean;
  /** Why the server's list could not be loaded, or ''. */
  loadError: string;
  remove(id: string): Promise<void>;
  clear(): Promise<void>;
  csv(): Promise<string>;
  review(id: string, update: Review): Promise<void>;
  /** "Send again" of a lead's notifications; only for the server's leads. */
  sendAgain?(id: string): Promise<void>;
}

const STORAGE_FAILED = 'this browser’s storage is unavailable or full';
/** After "Send again", when the list is read again to show how the new messages went. */
const SEND_AGAIN_RELOAD_MS = 2_000;

type ServerLists = Partial<Record<Collection, { leads: ServerLead[] } | { error: string }>>;

interface SourceState {
  source: LeadSource;
  lists: ServerLists;
  /** Where the server sends each lead; null until known (or without a server session). */
  notifications: NotificationsStatus | null;
  /** The Spam list (server only): its leads, or why it could not be loaded; null until asked. */
  spam: { leads: ServerLead[] } | { error: string } | null;
  reloadSpam(): Promise<void>;
  reload(collection: Collection): Promise<void>;
  /** A call answered 401: the server session ended, so the dashboard falls back to this browser. */
  sessionEnded(): void;
}

const SourceContext = createContext<SourceState | null>(null);

function useSourceState(): SourceState {
  const state = use(SourceContext);
  if (!state) throw new Error('useLeadSource must be used within <LeadSourceProvider>');
  return state;
}

export function useLeadSource(): LeadSource {
  return useSourceState().source;
}

/** False only for a sales account signed in on the server: the team, posts, clearing and insight are admins'. */
export function useMayAdminister(): boolean {
  const source = useLeadSource();
  return source.kind !== 'server' || source.role === 'admin';
}

export function LeadSourceProvider({ children }: { children: ReactNode }) {
  const [source, setSource] = useState<LeadSource>({ kind: 'checking' });
  const [lists, setLists] = useState<ServerLists>({});
  const [notifications, setNotifications] = useState<NotificationsStatus | null>(null);
  const [spam, setSpam] = useState<SourceState['spam']>(null);

  const sessionEnded = useCallback(() => setSource({ kind: 'browser', why: 'signed-out' }), []);

  const reload = useCallback(
    async (collection: Collection) => {
      try {
        const leads = await listServerLeads(collection);
        setLists((current) => ({ ...current, [collection]: { leads } }));
      } catch (error) {
        if (error instanceof ApiError && error.signedOut) return sessionEnded();
        setLists((current) => ({ ...current, [collection]: { error: errorMessage(error) } }));
      }
    },
    [sessionEnded],
  );

  const reloadSpam = useCallback(async () => {
    try {
      setSpam({ leads: await listSpamLeads() });
    } catch (error) {
      if (error instanceof ApiError && error.signedOut) return sessionEnded();
      setSpam({ error: errorMessage(error) });
    }
  }, [sessionEnded]);

  useEffect(() => {
    let live = true;
    serverSessionRole().then(
      (session) => {
        if (!live) return;
        if (session.state === 'signed-in') {
          setSource({ kind: 'server', role: session.role });
          // Buyers' leads are the sales desk's (BuyerDesk.tsx), which asks for them with its filters.
          for (const collection of COLLECTIONS) if (!isBuyerCollection(collection)) void reload(collection);
          void reloadSpam();
          // Only a notice: a server that cannot say leaves it out.
          notificationsStatus().then(
            (status) => live && setNotifications(status),
            () => {},
          );
        } else setSource({ kind: 'browser', why: session.state === 'no-server' ? 'no-server' : 'signed-out' });
      },
      (error: unknown) => {
        if (live) setSource({ kind: 'browser', why: 'unreachable', detail: errorMessage(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [reload, reloadSpam]);

  const value = useMemo(
    () => ({ source, lists, reload, sessionEnded, notifications, spam, reloadSpam }),
    [source, lists, reload, sessionEnded, notifications, spam, reloadSpam],
  );
  return <SourceContext value={value}>{children}</SourceContext>;
}

/** The visible line saying whose submissions the dashboard shows. */
export function SourceNote() {
  const source = useLeadSource();
  let text: string;
  if (source.kind === 'checking') text = 'Asking the server for the submissions it received…';
  else if (source.kind === 'server') text = 'Showing every submission received by the server, from any browser.';
  else if (source.why === 'no-server') text = 'No server answered: these are the submissions stored in this browser only.';
  else if (source.why === 'signed-out')
    text =
      'The server answered, but you are not signed in there (your session ended or began before the server did): these are the submissions stored in this browser only. Log out and sign in again to see every submission the server received.';
  else
    text = `The server could not be asked (${source.detail ?? 'no answer'}): these are the submissions stored in this browser only. Reload the page to try again.`;
  return (
    <p className="admin-source" role="status" data-source={source.kind === 'browser' ? 'browser' : source.kind}>
      {text}
    </p>
  );
}

/** Runs a server call; a 401 switches the dashboard to this browser's copies before the error is passed on. */
function guarded<A extends unknown[], R>(sessionEnded: () => void, call: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args) => {
    try {
      return await call(...args);
    } catch (error) {
      if (error instanceof ApiError && error.signedOut) {
        sessionEnded();
        throw new Error('your server session has ended; sign in again', { cause: error });
      }
      throw error;
    }
  };
}

/** Wraps a server call so that a 401 switches the dashboard to this browser's copies (for the sales desk's own calls). */
export function useServerCall(): <A extends unknown[], R>(call: (...args: A) => Promise<R>) => (...args: A) => Promise<R> {
  const { sessionEnded } = useSourceState();
  return useCallback(<A extends unknown[], R>(call: (...args: A) => Promise<R>) => guarded(sessionEnded, call), [sessionEnded]);
}

function local(done: boolean): void {
  if (!done) throw new Error(STORAGE_FAILED);
}

export function useSectionData(collection: Collection): SectionData {
  const state = useSourceState();
  const stored = useCollection(collection);
  const { source, lists, reload } = state;
  return useMemo((): SectionData => {
    if (source.kind === 'server') {
      const list = lists[collection];
      const afterwards = <A extends unknown[]>(call: (...args: A) => Promise<unknown>) =>
        guarded(state.sessionEnded, async (...args: A) => {
          try {
            await call(...args);
          } finally {
            // The server's list is the truth after any change, even a refused one.
            void reload(collection);
          }
        });
      return {
        records: list && 'leads' in list ? list.leads : [],
        loading: !list,
        loadError: list && 'error' in list ? list.error : '',
        remove: afterwards((id: string) => deleteServerLead(id)),
        clear: afterwards(() => clearServerLeads(collection)),
        csv: guarded(state.sessionEnded, () => serverLeadsCsv(collection)),
        review: afterwards((id: string, update: Review) => updateServerLead(id, update)),
        sendAgain: guarded(state.sessionEnded, async (id: string) => {
          try {
            await sendServerLeadAgain(id);
          } finally {
            void reload(collection);
          }
          // The server sends at once; the list shows the outcome a moment later.
          setTimeout(() => void reload(collection), SEND_AGAIN_RELOAD_MS);
        }),
      };
    }
    return {
      records: source.kind === 'checking' ? [] : stored,
      loading: source.kind === 'checking',
      loadError: '',
      remove: async (id) => local(deleteRecord(collection, id)),
      clear: async () => local(clearRecords(collection)),
      csv: async () => toCsv(stored),
      review: async (id, update) => local(updateApplication(collection as ApplicationCollection, id, update)),
    };
  }, [source, lists, reload, state, collection, stored]);
}

/** Where the server sends each lead, or null (not known, or no server session). */
export function useNotifications(): NotificationsStatus | null {
  const { source, notifications } = useSourceState();
  return source.kind === 'server' ? notifications : null;
}

/**
 * Asks the server for a collection's list again, for the dashboard's counts: a section that keeps
 * a list of its own (the partnership pipeline) changed a record in it.
 */
export function useReloadList(): (collection: Collection) => Promise<void> {
  return useSourceState().reload;
}

/** Asks the server for the Spam list again: the desk moves leads there from outside the list. */
export function useReloadSpam(): () => Promise<void> {
  return useSourceState().reloadSpam;
}

interface SpamData {
  leads: ServerLead[];
  loading: boolean;
  loadError: string;
  /** Moves the lead back to its section (which notifies); rejects with the reason it could not. */
  moveBack(lead: ServerLead): Promise<void>;
}

/** The server's Spam list, or null when the dashboard shows this browser's copies (it keeps no spam). */
export function useSpam(): SpamData | null {
  const state = useSourceState();
  const { source, spam, reload, reloadSpam } = state;
  return useMemo(() => {
    if (source.kind !== 'server') return null;
    return {
      leads: spam && 'leads' in spam ? spam.leads : [],
      loading: !spam,
      loadError: spam && 'error' in spam ? spam.error : '',
      moveBack: guarded(state.sessionEnded, async (lead: ServerLead) => {
        try {
          await markServerLeadNotSpam(lead.id);
        } finally {
          void reloadSpam();
          void reload(lead.type);
        }
        setTimeout(() => void reload(lead.type), SEND_AGAIN_RELOAD_MS);
      }),
    };
  }, [source, spam, reload, reloadSpam, state]);
}
