import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('the print button module', () => {
  it('makes no date formatter when a page starts, only when it prints', async () => {
    let made = 0;
    class CountingFormat extends Intl.DateTimeFormat {
      constructor(...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        super(...args);
        made++;
      }
    }
    vi.stubGlobal('Intl', Object.assign(Object.create(Intl) as typeof Intl, { DateTimeFormat: CountingFormat }));
    const { printedOn } = await import('./print-button');
    expect(made).toBe(0);
    expect(printedOn(new Date('2026-03-05T10:00:00Z'), 'en', 'Printed {date}')).toBe('Printed 5 March 2026');
    expect(made).toBe(1);
  });

  it("writes the date in the page's language, with Western digits in Arabic too", async () => {
    const { printedOn } = await import('./print-button');
    const day = new Date('2026-03-05T10:00:00Z');
    expect(printedOn(day, 'de', 'Gedruckt am {date}')).toBe('Gedruckt am 5. März 2026');
    expect(printedOn(day, 'ar', 'طُبع في {date}')).toBe('طُبع في 5 مارس 2026');
  });
});
