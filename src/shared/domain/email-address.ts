/**
 * Whether a text is an e-mail address a reply can reach. The local part takes the characters
 * RFC 5322 allows unquoted (letters, digits and ! # $ % & ' * + - / = ? ^ _ ` { | } ~, with dots
 * between them: o'brien@…, orders+eu@…). The domain is a host name of at least two labels, each of
 * letters, digits and inner hyphens, in its ASCII form (xn--bckerei-5wa.de, which is what a
 * browser's e-mail field turns bäckerei.de into) or in Unicode as typed (bäckerei.de). A local part
 * in another script (müller@…) is refused: delivering to it needs every mail server on the way to
 * support internationalised addresses (SMTPUTF8), and the sales team's replies must arrive.
 */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** What would end or change the URL the domain is read in (a path, a port, a user, an IP literal). */
const NOT_IN_DOMAIN = /[\s/\\?#@:%[\]]/;
/** RFC 5321's limits: 64 characters before the @, 253 in the domain. */
const LOCAL_MAX = 64;
const DOMAIN_MAX = 253;

export function isEmailAddress(text: string): boolean {
  const at = text.lastIndexOf('@');
  const local = text.slice(0, at);
  const domain = text.slice(at + 1);
  if (at < 1 || local.length > LOCAL_MAX || !LOCAL_PART.test(local) || domain === '' || NOT_IN_DOMAIN.test(domain)) return false;
  let host: string;
  try {
    // The URL parser applies IDNA: lower case, and each Unicode label in its xn-- form.
    host = new URL(`http://${domain}`).hostname;
  } catch {
    return false;
  }
  const labels = host.split('.');
  // A last label of digits alone is an IP address, not a domain.
  return host.length <= DOMAIN_MAX && labels.length >= 2 && labels.every((label) => LABEL.test(label)) && !/^\d+$/.test(labels.at(-1) ?? '');
}
