/**
 * Text made safe to write into HTML or XML markup, as element content or as a double-quoted
 * attribute value: the four characters that could end either are written as entities. The pages'
 * and the team's e-mails' rule; an apostrophe is left as it is, since none of them writes an
 * attribute in single quotes.
 */
export function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
