/**
 * What the desk keeps of the work on a lead, as the server stores it and the admin's screen reads
 * it: the notes and calls (entries, only ever added) and what each change to the lead changed.
 */

export type EntryKind = 'note' | 'call';

/** A note or a call on a lead: only ever added, never edited. */
export interface LeadEntry {
  id: string;
  leadId: string;
  /** The account that wrote it, or 'imported' for the notes text a lead held before entries. */
  author: string;
  kind: EntryKind;
  body: string;
  createdAt: string;
}

/**
 * What one change to a lead changed: old and new status and follow-up date; notes text only
 * flagged (it may be long); an entry added (its kind and id); a move into or out of the Spam list;
 * a delete or its undo; a new owner.
 */
export interface LeadChange {
  status?: { from: string | null; to: string };
  notes?: true;
  followUp?: { from: string | null; to: string | null };
  /** The account the lead was given to, and whose it was (null: nobody's). */
  owner?: { from: string | null; to: string | null };
  entry?: { kind: EntryKind; id: string };
  spam?: 'marked' | 'cleared';
  deleted?: true;
  restored?: true;
}
