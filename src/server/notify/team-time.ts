/**
 * A lead's time as the sales team reads it: in their time zone (TEAM_TIME_ZONE, India's by
 * default), day, month, year and 24-hour time, with the zone's short name ("1 Mar 2026, 16:01 IST").
 * The formatters are made once per zone: every e-mail of a burst of leads uses them.
 */

interface ZoneFormatters {
  time: Intl.DateTimeFormat;
  names: Intl.DateTimeFormat[];
}

const byZone = new Map<string, ZoneFormatters>();

/**
 * English locales name different zones (en-IN says IST where en-GB says GMT+5:30, en-GB says CET
 * where en-IN says GMT+1), so the zone's name is the first of them that gives one, else the offset.
 */
const NAME_LOCALES = ['en-IN', 'en-GB', 'en-US'];

function formattersOf(timeZone: string): ZoneFormatters {
  let formatters = byZone.get(timeZone);
  if (!formatters) {
    formatters = {
      time: new Intl.DateTimeFormat('en-GB', {
        timeZone,
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }),
      names: NAME_LOCALES.map((locale) => new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' })),
    };
    byZone.set(timeZone, formatters);
  }
  return formatters;
}

/** The time of an ISO timestamp in `timeZone`; the text as it came when it is not a time. */
export function teamTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const { time, names } = formattersOf(timeZone);
  const zoneNames = names.map((format) => format.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ?? '');
  const zone = zoneNames.find((name) => name && !name.startsWith('GMT')) ?? zoneNames[1] ?? timeZone;
  return `${time.format(date)} ${zone}`;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day and hour of `date` in `timeZone`: "Due today" and the morning digest count the team's day, not the server's. */
export function teamClock(date: Date, timeZone: string): { day: string; hour: number } {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });
    dayFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}
