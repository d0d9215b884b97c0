/**
 * Whether this visitor may be measured at all: not when the browser sends Global Privacy Control
 * (`navigator.globalPrivacyControl`, the `Sec-GPC: 1` header's script side) or Do Not Track. The one
 * check every measurement uses: A/B counts, web vitals, analytics-tag events and lead attribution.
 * Without a browser (the pre-render) nothing is measured.
 */
interface PrivacySignals {
  globalPrivacyControl?: boolean;
  doNotTrack?: string | null;
}

export function measuringAllowed(nav: PrivacySignals | undefined = typeof navigator === 'undefined' ? undefined : navigator): boolean {
  if (!nav) return false;
  // '1' is the standard value; old Firefox said 'yes'.
  return nav.globalPrivacyControl !== true && nav.doNotTrack !== '1' && nav.doNotTrack !== 'yes';
}
