import { runInNewContext } from 'node:vm';
import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fakeStorage, type StorageMode } from '../../../tests/support/fake-storage';
import { KEYS } from '../storage-keys';
import { AB_INIT_SCRIPT, assignVariant, compactSource, hashString, isEnrolled, isVisitorId } from './assign';
import { HOMEPAGE_CTA, type Experiment } from './registry';

/** `n` random visitor ids in the init script's format. */
const ids = (n: number) =>
  Array.from({ length: n }, () => webcrypto.getRandomValues(new Uint8Array(16)).reduce((s, b) => s + (b + 256).toString(16).slice(1), ''));

/** Runs the inline script in a sandbox with a fake <html> and storage; returns what it left. */
function runInitScript(mode: StorageMode = 'working', stored?: string) {
  let current: StorageMode = 'working';
  const localStorage = fakeStorage(() => current);
  if (stored !== undefined) localStorage.setItem(KEYS.abVisitorId, stored);
  const attributes: Record<string, string> = {};
  const document = { documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) } };
  current = mode;
  runInNewContext(AB_INIT_SCRIPT, { localStorage, document, crypto: webcrypto, Uint8Array });
  current = 'working';
  return { attributes, id: localStorage.getItem(KEYS.abVisitorId) };
}

describe("hashString (FNV-1a, 32 bits, with MurmurHash3's finaliser)", () => {
  it('matches the reference values', () => {
    // FNV-1a's own values ('' 0x811c9dc5, 'a' 0xe40c292c, 'foobar' 0xbf9cf968) after fmix32, worked out outside this code.
    expect(hashString('')).toBe(0xab3e7c0b);
    expect(hashString('a')).toBe(0x1a80b1b3);
    expect(hashString('foobar')).toBe(0x0c0da6dc);
  });
});

describe('assignVariant', () => {
  it('is the same for the same visitor id, every time and in every release', () => {
    // Written down once: a change to the hash or to its input would move returning visitors to the
    // other variant (and mix their counts), so the same ids must keep these variants.
    const known = {
      '00000000000000000000000000000000': 'punchy',
      '00000000000000000000000000000001': 'control',
      '00000000000000000000000000000002': 'control',
      '00000000000000000000000000000003': 'control',
      ffffffffffffffffffffffffffffffff: 'punchy',
      '0123456789abcdef0123456789abcdef': 'punchy',
    };
    for (const [id, variant] of Object.entries(known)) {
      expect(assignVariant(HOMEPAGE_CTA, id), id).toBe(variant);
      expect(assignVariant(HOMEPAGE_CTA, id), id).toBe(variant);
    }
  });

  it('splits visitors roughly evenly between control and punchy (coverage 1: everyone enrolled)', () => {
    const counts = { control: 0, punchy: 0 } as Record<string, number>;
    for (const id of ids(4000)) counts[assignVariant(HOMEPAGE_CTA, id)!]++;
    expect(counts.control + counts.punchy).toBe(4000);
    expect(counts.control).toBeGreaterThan(1800);
    expect(counts.punchy).toBeGreaterThan(1800);
  });

  it("gives a visitor's variant in one experiment no bearing on their variant in another", () => {
    // Two two-variant experiments: each of the four pairs of variants about a quarter of visitors.
    const other: Experiment = { ...HOMEPAGE_CTA, id: 'contact-form-v2' };
    const pairs = new Map<string, number>();
    for (const id of ids(4000)) {
      const pair = `${assignVariant(HOMEPAGE_CTA, id)}+${assignVariant(other, id)}`;
      pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
    }
    expect(pairs.size).toBe(4);
    for (const [pair, count] of pairs) expect(count, pair).toBeGreaterThan(850);
  });

  it('leaves visitors outside the coverage unassigned', () => {
    const none: Experiment = { id: 'x', variants: ['a', 'b'], coverage: 0 };
    const half: Experiment = { id: 'y', variants: ['a', 'b'], coverage: 0.5 };
    const sample = ids(2000);
    expect(sample.every((id) => assignVariant(none, id) === null)).toBe(true);
    const enrolled = sample.filter((id) => isEnrolled(half, id)).length;
    expect(enrolled).toBeGreaterThan(850);
    expect(enrolled).toBeLessThan(1150);
  });

  it('recognises the visitor id format the init script writes', () => {
    expect(isVisitorId('0123456789abcdef0123456789abcdef')).toBe(true);
    expect(isVisitorId('not-an-id')).toBe(false);
    expect(isVisitorId(null)).toBe(false);
  });
});

describe('AB_INIT_SCRIPT', () => {
  it('creates a visitor id and sets the same variant assignVariant gives', () => {
    const { attributes, id } = runInitScript();
    expect(isVisitorId(id)).toBe(true);
    expect(attributes).toEqual({ 'data-ab-homepage-cta-v1': assignVariant(HOMEPAGE_CTA, id!) });
  });

  it('keeps an existing id, so the variant is stable across visits', () => {
    for (const id of ids(40)) {
      const run = runInitScript('working', id);
      expect(run.id).toBe(id);
      expect(run.attributes['data-ab-homepage-cta-v1']).toBe(assignVariant(HOMEPAGE_CTA, id));
    }
  });

  it('replaces a corrupted id', () => {
    const { id } = runInitScript('working', '<script>');
    expect(isVisitorId(id)).toBe(true);
  });

  it('sets nothing when storage is disabled or full (the control shows)', () => {
    expect(runInitScript('disabled').attributes).toEqual({});
    expect(runInitScript('full').attributes).toEqual({});
  });

  it('embeds hashString itself, in a spelling that does not depend on the printer', () => {
    expect(AB_INIT_SCRIPT).toContain(compactSource(hashString.toString()));
    const pretty = 'function f(s) {\n  let h = 1;\n  for (let i = 0; i < s.length; i++) {\n    h ^= s.charCodeAt(i);\n  }\n  return h >>> 0;\n}';
    const minified = 'function f(s){let h=1;for(let i=0;i<s.length;i++){h^=s.charCodeAt(i)}return h>>>0}';
    expect(compactSource(pretty)).toBe(minified);
  });
});
