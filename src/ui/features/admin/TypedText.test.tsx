import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TypedText } from './TypedText';

const shown = (text: string) => renderToStaticMarkup(<TypedText text={text} />);

describe('TypedText', () => {
  it('isolates the figures of an Arabic text left to right, and nothing else', () => {
    expect(shown('مسحوق الثوم بمقاس 80-120 mesh في أكياس 25 kg، اتصلوا على +971 4 1234567. الكمية 1,000 كغ من FOB')).toBe(
      'مسحوق الثوم بمقاس <bdi dir="ltr"><span class="nobr">80-120</span> mesh</bdi> في أكياس <bdi dir="ltr">25 kg</bdi>، اتصلوا على <bdi dir="ltr">+971 4 1234567</bdi>. الكمية 1,000 كغ من FOB',
    );
  });

  it('shows a left-to-right text as it is, an Arabic word in it too, with its ranges on one line', () => {
    expect(shown('Garlic powder 80-120 mesh, as our ثوم order')).toBe('Garlic powder <span class="nobr">80-120</span> mesh, as our ثوم order');
    expect(shown('<b>not markup</b> 5-8 mm')).toBe('&lt;b&gt;not markup&lt;/b&gt; <span class="nobr">5-8</span> mm');
  });
});
