import { hasRightToLeftLetter, isolateLtrRuns } from './ltr-runs';

/**
 * A UI string with its {placeholders} filled in. On its own, so a script can use it without
 * carrying every language's words. A value filled into right-to-left words (a search typed in
 * Latin digits, a figure) is isolated as the words' own figures are, so "80-120" stays "80-120".
 */
export function fill(template: string, values: Record<string, string | number> = {}): string {
  const rightToLeft = hasRightToLeftLetter(template);
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    if (!(key in values)) return whole;
    const value = String(values[key]);
    return rightToLeft ? isolateLtrRuns(value) : value;
  });
}
