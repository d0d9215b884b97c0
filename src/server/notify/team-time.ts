/**
 * A lead's time as the sales team reads it: in their time zone (TEAM_TIME_ZONE, India's by
 * default), day, month, year and 24-hour time, with the zone's short name ("1 Mar 2026, 16:01 IST").
 */

/**
 * The zone's abbreviation: English locales name different zones (en-IN says IST where en-GB says
 * GMT+5:30, en-GB says CET where en-IN says GMT+1), so the first that gives a name wins, else the offset.
 */
function zoneName(date: Date, timeZone: string): string {
  const names = ['en-IN', 'en-GB', 'en-US'].map(
    (locale) =>
      new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ?? '',
  );
  return names.find((name) => name && !name.startsWith('GMT')) ?? names[1] ?? timeZone;
}

/** The time of an ISO timestamp in `timeZone`; the text as it came when it is not a time. */
export function teamTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const shown = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
  return `${shown} ${zoneName(date, timeZone)}`;
}
