/**
 * A product page's 'Print spec sheet' button, and the printed date on its letterhead. The button
 * ships `hidden` (without JavaScript it could do nothing) and is shown here. The date is written
 * on `beforeprint`, so it is the day of printing whether the visitor uses the button or the
 * browser's own Print, in the page's language: the letterhead's line carries its words
 * (`data-print-date`, e.g. 'Gedruckt am {date}').
 */
import { fill } from '@/shared/i18n/fill';

/**
 * The date in a page language's own words, with Western digits in every language (a spec sheet
 * reads the same figures in each); English pages write dates the British way, as the blog does.
 */
export function printedOn(now: Date, language: string, words: string): string {
  const locale = `${language === 'en' ? 'en-GB' : language}-u-nu-latn`;
  // Made when printing, never at start-up: a page's first Intl formatter loads the locale's data,
  // a long task (about 200 ms on a slow phone) that would hold up the visitor's first tap.
  return fill(words, { date: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(now) });
}

function stampPrintDate(): void {
  const now = new Date();
  for (const line of document.querySelectorAll<HTMLElement>('[data-print-date]')) {
    line.textContent = printedOn(now, document.documentElement.lang, line.dataset.printDate || '{date}');
    line.hidden = false;
  }
}

export function startPrintButton(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-print-button]')) {
    button.addEventListener('click', () => window.print());
    button.hidden = false;
  }
  window.addEventListener('beforeprint', stampPrintDate);
}
