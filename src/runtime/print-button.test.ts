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
    expect(printedOn(new Date('2026-03-05T10:00:00Z'))).toBe('Printed 5 March 2026');
    expect(made).toBe(1);
  });
});
