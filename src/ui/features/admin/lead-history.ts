/**
 * A lead's history in words: what format.ts says of status, follow-up and notes changes, plus the
 * notes and calls added, the moves into and out of the Spam list, the delete and its undo, and
 * who the lead was given to.
 */
import type { LeadChange } from '@/shared/domain/lead-activity';
import { describeChange, formatDateTime } from './format';

export function describeLeadChange(change: LeadChange): string[] {
  const parts = describeChange(change);
  // Who gave it is the line's account: "by boss · Owner: nobody → anna@…".
  if (change.owner) parts.push(`Owner: ${change.owner.from ?? 'nobody'} → ${change.owner.to ?? 'nobody'}`);
  if (change.entry) parts.push(change.entry.kind === 'call' ? 'Logged a call' : 'Added a note');
  if (change.spam) parts.push(change.spam === 'marked' ? 'Marked as spam' : 'Not spam');
  if (change.deleted) parts.push('Deleted');
  if (change.restored) parts.push('Restored (delete undone)');
  return parts;
}

/** "Changed by anna at 14:02 while you were editing: reload to see it", in the admin's own time. */
export function describeStale(changedBy: string | null, changedAt: string | null): string {
  const who = changedBy ? `by ${changedBy} ` : '';
  const when = changedAt ? `at ${formatDateTime(changedAt)} ` : '';
  return `Changed ${who}${when}while you were editing: reload to see it`;
}
