/**
 * Which feature stylesheets a page inlines: those whose selectors can match its markup (by class
 * names), plus those its islands need after hydration, in the order the feature list gives.
 */
import { describe, expect, it } from 'vitest';
import { classesInHtml, selectorClasses, sheet, sheetsForPage } from './page-styles';

describe('selectorClasses', () => {
  it('lists the classes each selector needs, apart for each comma-separated part', () => {
    expect(selectorClasses('.a .b>.c:hover,.d{color:red}')).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('leaves out classes under :not(), selectors without a class, comments, strings and at-rule preludes', () => {
    const css = `/* .commented{} */ html:not(.x) .y{content:".not-a-class"} body{margin:0} @media (min-width:40rem){.wide{gap:1px}} @supports selector(:has(.z)){.q{color:red}}`;
    expect(selectorClasses(css)).toEqual([['y'], ['wide'], ['q']]);
  });
});

describe('sheetsForPage', () => {
  const forms = sheet('src/ui/styles/pages/05-forms.css', '.lead-form{padding:1rem}.lead-form .field-error{color:red}');
  const admin = sheet('src/ui/styles/pages/08-admin/06-layout.css', '.admin-main .card-title{margin:0}');
  const blog = sheet('src/ui/styles/pages/06-blog.css', '.stored-note{border:1px}');

  it('takes a sheet when one of its selectors can match the markup, and keeps the given order', () => {
    const html = '<main class="admin-main"><h3 class="card-title">Leads</h3><form class="lead-form"></form></main>';
    expect(sheetsForPage(html, [forms, admin, blog]).map((s) => s.source)).toEqual([
      'src/ui/styles/pages/05-forms.css',
      'src/ui/styles/pages/08-admin/06-layout.css',
    ]);
  });

  it('does not take a sheet for a class that only appears in a longer selector the page cannot match', () => {
    expect(sheetsForPage('<h3 class="card-title">Garlic powder</h3>', [forms, admin, blog])).toEqual([]);
  });

  it("takes its language's sheets for a page in that language only, whatever classes they name", () => {
    const arabic = sheet('src/ui/styles/pages/12-arabic.css', "html[data-fonts~='arabic'] :lang(ar){--font-body:x}");
    const rtl = sheet('src/ui/styles/pages/11-right-to-left.css', "[dir='rtl'] .scroll-progress{transform-origin:100% 50%}");
    const bar = '<div class="scroll-progress"></div>';
    expect(sheetsForPage(`<!doctype html><html lang="ar" dir="rtl"><body>${bar}<p>مرحبا</p></body></html>`, [forms, rtl, arabic]).map((s) => s.source)).toEqual(
      ['src/ui/styles/pages/11-right-to-left.css', 'src/ui/styles/pages/12-arabic.css'],
    );
    expect(
      sheetsForPage(`<!doctype html><html lang="en" dir="ltr"><body>${bar}<a lang="ar" href="/ar">العربية</a></body></html>`, [forms, rtl, arabic]),
    ).toEqual([]);
  });

  it('takes the sheets an island needs for what it shows after hydration', () => {
    const html = '<gb-island data-island="NotFoundOrStoredPost" data-hydrate="interaction"><h1>Page not found</h1></gb-island>';
    expect(sheetsForPage(html, [forms, admin, blog]).map((s) => s.source)).toEqual(['src/ui/styles/pages/06-blog.css']);
  });
});

describe('classesInHtml', () => {
  it('reads every class attribute', () => {
    expect([...classesInHtml('<a class="btn  btn-primary" href="/"></a><p class="">x</p><i class="icon"></i>')]).toEqual(['btn', 'btn-primary', 'icon']);
  });
});
