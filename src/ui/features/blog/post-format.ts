/** Dates and categories for people. Fixed locale and UTC so server and browser agree. */
import { isIsoDate } from '@/shared/domain/dates';

/**
 * "2025-01-14" → "14 January 2025". Anything else (a post added in the browser keeps a date it
 * could not read) is shown as it was written.
 */
export function formatDate(isoDate: string): string {
  if (!isIsoDate(isoDate)) return isoDate;
  return dateFormat().format(new Date(`${isoDate}T00:00:00Z`));
}

let format: Intl.DateTimeFormat | undefined;

/**
 * Made on the first date shown, then reused: a formatter costs far more to make than to use (the
 * pre-render shows a date on every post and every list page), and making it at module start would
 * load the locale's data on pages that show no date.
 */
function dateFormat(): Intl.DateTimeFormat {
  format ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return format;
}

/** "market-insights" → "Market insights". */
export function categoryLabel(category: string): string {
  const words = category.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
