/**
 * Text made safe to write into HTML or XML markup, as element content or as a double-quoted
 * attribute value: the four characters that could end either are written as entities.
 */
export function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
