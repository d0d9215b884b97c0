/**
 * The query of GET /api/admin/overview: `weeks` (how many, 1 to 52, 12 when absent) and `today`
 * (the admin's day, YYYY-MM-DD; the server's UTC day when absent), the last week being today's.
 * A bad value gets a 400 that says what is expected.
 */
import { isIsoDate } from '@/shared/domain/dates';
import { OVERVIEW_WEEKS_DEFAULT, OVERVIEW_WEEKS_MAX, weekStarts } from '@/shared/domain/overview';
import { HttpError, rejectUnknownKeys } from '../http/json';
import { wholeNumber } from '../http/query';

const TODAY_MIN = '2000-01-01';
const TODAY_MAX = '9998-12-31';

/** The Mondays of the weeks asked for, oldest first. */
export function parseOverviewQuery(query: Record<string, string | undefined>, now: Date): string[] {
  rejectUnknownKeys(query, ['weeks', 'today'], 'the overview’s query (it takes weeks and today)');
  const count = wholeNumber(query.weeks, 'weeks', { fallback: OVERVIEW_WEEKS_DEFAULT, min: 1, max: OVERVIEW_WEEKS_MAX });
  const today = query.today ?? '';
  // A site's leads are of these years; the window's end stays a time both databases can hold.
  if (today !== '' && !(isIsoDate(today) && today >= TODAY_MIN && today <= TODAY_MAX)) {
    throw new HttpError(400, `"today" must be a day from ${TODAY_MIN} to ${TODAY_MAX} written YYYY-MM-DD`);
  }
  return weekStarts(today || now.toISOString().slice(0, 10), count);
}
