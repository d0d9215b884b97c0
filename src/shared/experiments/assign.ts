/**
 * Variant assignment without a flash and without a hydration mismatch: a random visitor id is kept
 * in localStorage, and a visitor's variant is a deterministic hash of (experiment id, visitor id),
 * so it is the same on every visit. The inline script below runs in <head> before the body paints:
 * it creates the id when missing and puts each variant on <html> (`data-ab-homepage-cta-v1`), where
 * CSS picks the matching copy out of markup that holds every variant (see VariantText).
 *
 * The script is built from `hashString`'s own source, so the script and the TypeScript code cannot
 * disagree. Its sha256 is listed in the Content-Security-Policy by scripts/prerender.ts.
 */
import { KEYS } from '../storage-keys.ts';
import { EXPERIMENTS, variantAttribute, type Experiment } from './registry.ts';

/** 16 random bytes as hex, written by the init script. Anything else in storage is replaced. */
const VISITOR_ID_PATTERN = /^[0-9a-f]{32}$/;

/**
 * FNV-1a, 32 bits, then MurmurHash3's finaliser. FNV-1a alone is fast and tiny but its low bits mix
 * poorly: multiplying by an odd prime keeps the lowest bit, so `hash % 2` is only the parity of the
 * text's characters, and the same visitor would get the same (or the opposite) variant in every
 * two-variant experiment, and the coverage draw would lean on it too. The finaliser spreads every
 * input bit over every output bit. Its source text is copied into AB_INIT_SCRIPT, so keep it free of
 * anything but plain arithmetic.
 */
export function hashString(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

export function isVisitorId(value: string | null | undefined): value is string {
  return typeof value === 'string' && VISITOR_ID_PATTERN.test(value);
}

/** Whether the visitor is in the experiment at all (coverage 1 enrols everyone). */
export function isEnrolled(experiment: Experiment, visitorId: string): boolean {
  return experiment.coverage >= 1 || hashString(`${experiment.id}:coverage:${visitorId}`) % 10000 < experiment.coverage * 10000;
}

/** The visitor's variant, or null when the coverage leaves them out (they see the control). */
export function assignVariant(experiment: Experiment, visitorId: string): string | null {
  if (!isEnrolled(experiment, visitorId)) return null;
  return experiment.variants[hashString(`${experiment.id}:${visitorId}`) % experiment.variants.length] ?? null;
}

/**
 * Function source in one canonical spelling: tools print the same code with or without spaces and
 * final semicolons (tsx minifies whitespace, Vite's config loader does not), and the CSP hash of
 * the script must not depend on which one printed it.
 */
export function compactSource(source: string): string {
  return source
    .replace(/\s+/g, ' ')
    .replace(/ ?([^\w$ ]) ?/g, '$1')
    .replace(/;}/g, '}');
}

const hashSource = compactSource(hashString.toString());
const experimentsJson = JSON.stringify(EXPERIMENTS.map(({ id, variants, coverage }) => ({ id, variants, coverage })));

/**
 * Runs inline in <head>. Mirrors `assignVariant` exactly (same hash, same inputs). When storage is
 * disabled or full nothing is set, so the visitor sees the control and is not counted.
 */
export const AB_INIT_SCRIPT =
  `(function(){try{var h=${hashSource},s=localStorage,k=${JSON.stringify(KEYS.abVisitorId)},v=s.getItem(k),x=${experimentsJson},` +
  `d=document.documentElement,i,e;if(!v||!${VISITOR_ID_PATTERN}.test(v)){var b=crypto.getRandomValues(new Uint8Array(16));v="";` +
  `for(i=0;i<b.length;i++)v+=(b[i]+256).toString(16).slice(1);s.setItem(k,v)}for(i=0;i<x.length;i++){e=x[i];` +
  `if(e.coverage>=1||h(e.id+":coverage:"+v)%10000<e.coverage*10000)d.setAttribute(${JSON.stringify(variantAttribute(''))}+e.id,e.variants[h(e.id+":"+v)%e.variants.length])}}catch(_){}})()`;
