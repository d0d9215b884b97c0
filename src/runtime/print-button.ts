/**
 * A product page's 'Print spec sheet' button, and the printed date on its letterhead. The button
 * ships `hidden` (without JavaScript it could do nothing) and is shown here. The date is written
 * on `beforeprint`, so it is the day of printing whether the visitor uses the button or the
 * browser's own Print.
 */
export function printedOn(now: Date): string {
  // Made when printing, never at start-up: a page's first Intl formatter loads the locale's data,
  // a long task (about 200 ms on a slow phone) that would hold up the visitor's first tap.
  return `Printed ${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(now)}`;
}

function stampPrintDate(): void {
  const text = printedOn(new Date());
  for (const line of document.querySelectorAll<HTMLElement>('[data-print-date]')) {
    line.textContent = text;
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
