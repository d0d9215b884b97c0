import { describe, expect, it } from 'vitest';
import { LRI, PDI, hasRightToLeftLetter, isRightToLeft, isolateLtrRuns, ltrRuns, needsIsolation } from './ltr-runs';
import { eachReturns } from '../../../tests/support/each-returns';

const runs = (text: string) => ltrRuns(text).flatMap((part) => (part.ltr ? [part.text] : []));
/** The isolates written as brackets, so an expectation shows where they are. */
const shown = (text: string) => text.replaceAll(LRI, '[').replaceAll(PDI, ']');

describe('ltrRuns', () => {
  it('splits out codes, figures and units, with what joins them inside', () => {
    expect(runs('80-120 mesh (لا يقل عن 95% مارّاً عبر المنخل المحدد؛ ومقاسات أخرى عند الطلب)')).toEqual(['80-120 mesh', '95%']);
    expect(runs('بحد أقصى 100,000 cfu/g (الدرجة المعالجة بالبخار: بحد أقصى 10,000 cfu/g)')).toEqual(['100,000 cfu/g', '10,000 cfu/g']);
    expect(runs('ومقاسات 16-26 و26-40 mesh عند الطلب')).toEqual(['16-26', '26-40 mesh']);
    expect(runs('عادةً 0.55-0.70 g/ml')).toEqual(['0.55-0.70 g/ml']);
    expect(runs('الإشريكية القولونية (E. coli)')).toEqual(['(E. coli)']);
    expect(runs('ISO 4833-1')).toEqual(['ISO 4833-1']);
    expect(runs('أقل من 25 °C.')).toEqual(['25 °C']);
  });

  it('takes a phone number whole, its country code’s plus sign too', () => {
    expect(runs('مع رمز الدولة، مثل +971 4 1234567.')).toEqual(['+971 4 1234567']);
    // A plus sign that is no country code stays a sign of the sentence.
    expect(runs('الأرقام والمسافات و+ و- والأقواس فقط')).toEqual([]);
  });

  it('keeps codes listed with commas apart, so the sentence orders them', () => {
    expect(runs('ISO 22000, HACCP, FSSAI, عضوي')).toEqual(['ISO 22000', 'HACCP', 'FSSAI']);
    expect(runs('HPLC أو HPTLC')).toEqual(['HPLC', 'HPTLC']);
  });

  it('takes the brackets with a run they alone hold, and leaves brackets that hold more', () => {
    expect(runs('عبوات بالعلامة الخاصة (private label) عند الطلب')).toEqual(['(private label)']);
    expect(runs('معايَر على إس-أليل (SAC)، و[FOB]')).toEqual(['(SAC)', '[FOB]']);
    expect(runs('(الدرجة المعالجة بالبخار: 10,000 cfu/g)')).toEqual(['10,000 cfu/g']);
    expect(runs('(ISO 22000، HACCP)')).toEqual(['ISO 22000', 'HACCP']);
    expect(runs('(FOB]')).toEqual(['FOB']);
    expect(runs('لوحة «Supplement Facts» على العبوة')).toEqual(['«Supplement Facts»']);
  });

  it('gives back the whole text', () => {
    const text = 'بحد أقصى 5% تمر عبر منخل 16 mesh';
    expect(
      ltrRuns(text)
        .map((part) => part.text)
        .join(''),
    ).toBe(text);
    expect(ltrRuns('لا يوجد')).toEqual([{ text: 'لا يوجد', ltr: false }]);
  });
});

describe('needsIsolation', () => {
  it('is true of digits with a hyphen, a dash, a space, a sign or a unit beside them', () => {
    for (const run of ['80-120', '2–3', '5-8 mm', '+971 4 1234567', '50 g', '95%', '0.55-0.70 g/ml', 'ISO 22000']) expect(needsIsolation(run), run).toBe(true);
  });

  it('is false of what keeps its order anyway: plain numbers, numbers with a comma, a point or a colon, Latin words', () => {
    for (const run of ['12', '1,000,000', '2.5', '9:00', 'FOB', 'Incoterms', 'E. coli', '(SAC)', '[FOB]']) expect(needsIsolation(run), run).toBe(false);
  });

  it('is true of a run in its own brackets that a line can break inside, so each half keeps its bracket', () => {
    for (const run of ['(E. coli)', '(private label)', '(S-allyl)', '(80-120 mesh)', '«Supplement Facts»']) expect(needsIsolation(run), run).toBe(true);
  });
});

describe('isolateLtrRuns', () => {
  it('puts each run that needs it between LRI and PDI, and nothing else', () => {
    expect(shown(isolateLtrRuns('مسحوق ناعم بمقاس 80-120 mesh ورطوبة أقل من 5%، خلال 12 يوماً بشروط FOB.'))).toBe(
      'مسحوق ناعم بمقاس [80-120 mesh] ورطوبة أقل من [5%]، خلال 12 يوماً بشروط FOB.',
    );
    expect(shown(isolateLtrRuns('مع رمز الدولة، مثل +971 4 1234567.'))).toBe('مع رمز الدولة، مثل [+971 4 1234567].');
    expect(shown(isolateLtrRuns('عروض الأسعار سارية لمدة 15-30 يومًا.'))).toBe('عروض الأسعار سارية لمدة [15-30] يومًا.');
    expect(shown(isolateLtrRuns('الإشريكية القولونية (E. coli)'))).toBe('الإشريكية القولونية [(E. coli)]');
  });

  it('adds two characters of three bytes each per run, and nothing to text without such a run', () => {
    const text = 'أدخلوا كمية لا تتجاوز 1,000,000 من 9:00 إلى 18:00';
    expect(isolateLtrRuns(text)).toBe(text);
    expect(isolateLtrRuns('رقائق الثوم، 5-8 mm')).toBe(`رقائق الثوم، ${LRI}5-8 mm${PDI}`);
  });

  it('changes nothing the second time', () => {
    const once = isolateLtrRuns('حبيبات بمقاس 8-16 mesh و26-40 mesh، خالية من (E. coli)');
    expect(isolateLtrRuns(once)).toBe(once);
  });
});

describe('hasRightToLeftLetter', () => {
  it('tells Arabic words from Latin and German ones', () => {
    expect(hasRightToLeftLetter('لا نتائج لـ «{query}»')).toBe(true);
    expect(hasRightToLeftLetter('No answer matches “{query}”')).toBe(false);
    expect(hasRightToLeftLetter('Keine Antwort enthält „{query}“')).toBe(false);
  });
});

describe('isRightToLeft', () => {
  eachReturns('reads a typed text right to left when most of its letters are Arabic, not an Arabic word in an English sentence: %s', isRightToLeft, [
    ['مسحوق الثوم بمقاس 80-120 mesh', true],
    ['Please quote our usual order of ثوم, 80-120 mesh', false],
    ['+971 4 1234567', false],
  ]);
});
