import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LocationProvider } from '@/router/location';
import { Ltr, LtrRuns } from './Ltr';
import { ltrRuns } from './ltr-runs';

const runs = (text: string) => ltrRuns(text).flatMap((part) => (part.ltr ? [part.text] : []));

describe('ltrRuns', () => {
  it('splits out codes, figures and units, with what joins them inside', () => {
    expect(runs('80-120 mesh (لا يقل عن 95% مارّاً عبر المنخل المحدد؛ ومقاسات أخرى عند الطلب)')).toEqual(['80-120 mesh', '95%']);
    expect(runs('بحد أقصى 100,000 cfu/g (الدرجة المعالجة بالبخار: بحد أقصى 10,000 cfu/g)')).toEqual(['100,000 cfu/g', '10,000 cfu/g']);
    expect(runs('ومقاسات 16-26 و26-40 mesh عند الطلب')).toEqual(['16-26', '26-40 mesh']);
    expect(runs('عادةً 0.55-0.70 g/ml')).toEqual(['0.55-0.70 g/ml']);
    expect(runs('الإشريكية القولونية (E. coli)')).toEqual(['E. coli']);
    expect(runs('ISO 4833-1')).toEqual(['ISO 4833-1']);
    expect(runs('أقل من 25 °C.')).toEqual(['25 °C']);
  });

  it('keeps codes listed with commas apart, so the sentence orders them', () => {
    expect(runs('ISO 22000, HACCP, FSSAI, عضوي')).toEqual(['ISO 22000', 'HACCP', 'FSSAI']);
    expect(runs('HPLC أو HPTLC')).toEqual(['HPLC', 'HPTLC']);
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

describe('Ltr and LtrRuns', () => {
  const render = (pathname: string, node: ReactNode) => renderToStaticMarkup(<LocationProvider value={pathname}>{node}</LocationProvider>);

  it('isolate left-to-right text on a right-to-left page', () => {
    expect(render('/ar/contact', <Ltr>+91 00000 00000</Ltr>)).toBe('<bdi dir="ltr">+91 00000 00000</bdi>');
    expect(render('/ar/garlic-powder', <LtrRuns text="عادةً 0.55-0.70 g/ml" />)).toBe('عادةً <bdi dir="ltr">0.55-0.70 g/ml</bdi>');
    expect(render('/ar/garlic-powder', <LtrRuns text="ISO 939" />)).toBe('<bdi dir="ltr">ISO 939</bdi>');
    expect(render('/ar/garlic-powder', <LtrRuns text="لا يوجد" />)).toBe('لا يوجد');
  });

  it('add nothing to a left-to-right page', () => {
    for (const pathname of ['/contact', '/de/contact']) {
      expect(render(pathname, <Ltr>export@garlicbrothers.example</Ltr>)).toBe('export@garlicbrothers.example');
      expect(render(pathname, <LtrRuns text="80-120 mesh" />)).toBe('80-120 mesh');
    }
  });
});
