/** Reading a Content-Security-Policy and the inline scripts it must allow, for the tests that check one against the other. */
import { createHash } from 'node:crypto';

/** The CSP source that allows an inline script with exactly this text ('sha256-<base64>'). */
export const hashSource = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

/**
 * The inline scripts of a page: every <script> without src whose type the browser runs (classic,
 * module, importmap, speculationrules), each with its text exactly as the HTML holds it. Data
 * blocks such as JSON-LD are not scripts, and no policy covers them.
 */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)]
    .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes))
    .filter(([, attributes]) => {
      const type = attributes.match(/\btype\s*=\s*["']?([^"'\s>]+)/i)?.[1]?.toLowerCase() ?? '';
      return ['', 'text/javascript', 'module', 'importmap', 'speculationrules'].includes(type);
    })
    .map(([, , text]) => text);
}

/** The sources of one directive of a policy ([] when it has none). */
export function directive(csp: string, name: string): string[] {
  const found = csp
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name);
  return found ? found.slice(1) : [];
}
