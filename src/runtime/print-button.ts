/**
 * A product page's 'Print spec sheet' button, and the printed date on its letterhead. The button
 * ships `hidden` (without JavaScript it could do nothing) and is shown here. The date is written
 * on `beforeprint`, so it is the day of printing whether the visitor uses the button or the
 * browser's own Print.
 */
const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

export function printedOn(now: Date): string {
  return `Printed ${DATE.format(now)}`;
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
