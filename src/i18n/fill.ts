/** A UI string with its {placeholders} filled in. On its own, so a script can use it without carrying every language's words. */
export function fill(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
