/**
 * The storage module against every failure a browser can produce: storage disabled (reading
 * window.localStorage throws SecurityError), full (setItem throws QuotaExceededError), corrupted
 * JSON, values of the wrong shape, no window at all (pre-render). Each failure is logged with
 * console.error, nothing is thrown, and writes report false. Also the same-tab and cross-tab
 * change notifications.
 */
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { KEYS, readRaw, removeKey, subscribe, writeRaw } from './storage';
import { readJson, readList, readRawList, writeJson } from './stored-json';
import { FullStorage, MemoryStorage, securityError } from '../../../tests/support/fake-storage';

/** A window whose storage getters return these areas, or throw like a browser with storage disabled. */
function install(local: Storage | 'disabled' | null, session: Storage | 'disabled' | null = new MemoryStorage()) {
  const win = new EventTarget();
  const define = (name: string, area: Storage | 'disabled' | null) =>
    Object.defineProperty(win, name, {
      get() {
        if (area === 'disabled') throw securityError();
        return area;
      },
    });
  define('localStorage', local);
  define('sessionStorage', session);
  vi.stubGlobal('window', win);
  return win;
}

/** What the other tab's change looks like here (node has no StorageEvent constructor). */
function storageEvent(win: EventTarget, key: string | null) {
  win.dispatchEvent(Object.assign(new Event('storage'), { key }));
}

const Item = v.object({ id: v.number(), name: v.string() });

let errors: MockInstance<typeof console.error>;
beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The text of every console.error call so far. */
const logged = () => errors.mock.calls.map((call) => call.map(String).join(' '));

describe('KEYS', () => {
  it('names every stored entity once, under the site prefix', () => {
    const names = Object.values(KEYS).filter((key) => typeof key === 'string');
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^gb:/);
    for (const entity of [
      'blogPosts',
      'adminAuth',
      'investorAuth',
      'investorInterests',
      'jobApplications',
      'partnershipApplications',
      'contactEnquiries',
      'sampleRequests',
      'abVisitorId',
    ] as const) {
      expect(KEYS[entity]).toMatch(/^gb:/);
    }
  });

  it('gives each experiment its own impression key', () => {
    expect(KEYS.abImpression('homepage-cta-v1')).toBe('gb:ab-impression:homepage-cta-v1');
    expect(KEYS.abImpression('a')).not.toBe(KEYS.abImpression('b'));
  });
});

describe('working storage', () => {
  it('reads back what was written, as text and as JSON', () => {
    install(new MemoryStorage());
    expect(writeRaw(KEYS.adminAuth, 'true')).toBe(true);
    expect(readRaw(KEYS.adminAuth)).toBe('true');
    expect(writeJson(KEYS.jobApplications, [{ id: 1, name: 'a' }])).toBe(true);
    expect(readList(KEYS.jobApplications, Item)).toEqual([{ id: 1, name: 'a' }]);
    expect(readJson(KEYS.jobApplications, v.array(Item), [])).toEqual([{ id: 1, name: 'a' }]);
    expect(removeKey(KEYS.adminAuth)).toBe(true);
    expect(readRaw(KEYS.adminAuth)).toBeNull();
    expect(errors).not.toHaveBeenCalled();
  });

  it('treats a missing key as empty without logging', () => {
    install(new MemoryStorage());
    expect(readRaw(KEYS.blogPosts)).toBeNull();
    expect(readList(KEYS.blogPosts, Item)).toEqual([]);
    expect(readJson(KEYS.loginFailures, v.number(), 7)).toBe(7);
    expect(errors).not.toHaveBeenCalled();
  });

  it('keeps session storage apart from local storage', () => {
    const local = new MemoryStorage();
    const session = new MemoryStorage();
    install(local, session);
    const key = KEYS.abImpression('homepage-cta-v1');
    expect(writeRaw(key, '1', 'session')).toBe(true);
    expect(session.getItem(key)).toBe('1');
    expect(local.getItem(key)).toBeNull();
    expect(readRaw(key, 'session')).toBe('1');
    expect(readRaw(key)).toBeNull();
  });
});

describe('storage disabled (reading window.localStorage throws SecurityError)', () => {
  beforeEach(() => {
    install('disabled', 'disabled');
  });

  it('reads as empty and logs the failure', () => {
    expect(readRaw(KEYS.adminAuth)).toBeNull();
    expect(readRaw(KEYS.abImpression('x'), 'session')).toBeNull();
    expect(readJson(KEYS.loginFailures, v.number(), 3)).toBe(3);
    expect(readList(KEYS.blogPosts, Item)).toEqual([]);
    // A developer looking at the console is told which key could not be read, and why.
    for (const key of [KEYS.adminAuth, KEYS.abImpression('x'), KEYS.loginFailures, KEYS.blogPosts])
      expect(
        logged().filter((line) => line.includes(`could not read "${key}"`) && line.includes('SecurityError')),
        key,
      ).not.toEqual([]);
  });

  it('reports every write as failed, logs it, and never throws', () => {
    expect(writeRaw(KEYS.adminAuth, 'true')).toBe(false);
    expect(writeJson(KEYS.contactEnquiries, [{ id: 1, name: 'a' }])).toBe(false);
    expect(writeRaw(KEYS.abImpression('x'), '1', 'session')).toBe(false);
    expect(removeKey(KEYS.adminAuth)).toBe(false);
    expect(logged()).toEqual([
      expect.stringContaining(`could not write "${KEYS.adminAuth}"`),
      expect.stringContaining(`could not write "${KEYS.contactEnquiries}"`),
      expect.stringContaining(`could not write "${KEYS.abImpression('x')}"`),
      expect.stringContaining(`could not remove "${KEYS.adminAuth}"`),
    ]);
  });

  it('still subscribes (the storage event needs no storage access)', () => {
    const onChange = vi.fn();
    const stop = subscribe(KEYS.blogPosts, onChange);
    writeRaw(KEYS.blogPosts, '[]');
    expect(onChange).not.toHaveBeenCalled();
    stop();
  });
});

describe('storage that is null (some embedded browsers)', () => {
  it('reads as empty, refuses writes, and logs both', () => {
    install(null, null);
    expect(readRaw(KEYS.adminAuth)).toBeNull();
    expect(writeRaw(KEYS.adminAuth, 'true')).toBe(false);
    expect(removeKey(KEYS.adminAuth)).toBe(false);
    expect(logged().filter((line) => line.includes('localStorage is not available'))).not.toEqual([]);
  });
});

describe('storage full (setItem throws QuotaExceededError)', () => {
  let store: FullStorage;
  beforeEach(() => {
    store = new FullStorage();
    store.data.set(KEYS.sampleRequests, JSON.stringify([{ id: 1, name: 'kept' }]));
    install(store);
  });

  it('reports the write as failed, logs it, and leaves the stored value as it was', () => {
    expect(writeJson(KEYS.sampleRequests, [{ id: 2, name: 'new' }])).toBe(false);
    expect(writeRaw(KEYS.adminAuth, 'true')).toBe(false);
    expect(readList(KEYS.sampleRequests, Item)).toEqual([{ id: 1, name: 'kept' }]);
    expect(readRaw(KEYS.adminAuth)).toBeNull();
    expect(logged()).toEqual([
      expect.stringContaining(`could not write "${KEYS.sampleRequests}"`),
      expect.stringContaining(`could not write "${KEYS.adminAuth}"`),
    ]);
    expect(logged()[0]).toContain('QuotaExceededError');
  });

  it('still removes keys (that frees space)', () => {
    expect(removeKey(KEYS.sampleRequests)).toBe(true);
    expect(readRaw(KEYS.sampleRequests)).toBeNull();
  });

  it('does not tell subscribers about a write that failed', () => {
    const onChange = vi.fn();
    const stop = subscribe(KEYS.sampleRequests, onChange);
    writeJson(KEYS.sampleRequests, []);
    expect(onChange).not.toHaveBeenCalled();
    stop();
  });
});

describe('corrupted JSON', () => {
  beforeEach(() => {
    const store = new MemoryStorage();
    store.setItem(KEYS.blogPosts, '[{"id": 1, "name": ');
    store.setItem(KEYS.loginFailures, 'undefined');
    install(store);
  });

  it('reads as the fallback or an empty list, and logs it', () => {
    expect(readList(KEYS.blogPosts, Item)).toEqual([]);
    expect(readJson(KEYS.loginFailures, v.nullable(v.number()), null)).toBeNull();
    expect(logged()).toEqual([
      expect.stringContaining(`"${KEYS.blogPosts}" holds corrupted JSON`),
      expect.stringContaining(`"${KEYS.loginFailures}" holds corrupted JSON`),
    ]);
  });

  it('is still there as text, for code that repairs it', () => {
    expect(readRaw(KEYS.blogPosts)).toBe('[{"id": 1, "name": ');
  });
});

describe('readRawList: a list as stored, for read-modify-write', () => {
  it('keeps items of any shape, and reads corrupted JSON, a value that is not a list and a missing key as empty', () => {
    const store = new MemoryStorage();
    store.setItem(KEYS.blogPosts, '[{"id": 1}, "not a post", 7]');
    store.setItem(KEYS.loginFailures, '[{"id": 1, ');
    store.setItem(KEYS.abConversions, '{"id": 1}');
    install(store);
    expect(readRawList(KEYS.blogPosts)).toEqual([{ id: 1 }, 'not a post', 7]);
    expect(readRawList(KEYS.loginFailures)).toEqual([]);
    expect(readRawList(KEYS.abConversions)).toEqual([]);
    expect(readRawList(KEYS.contactEnquiries)).toEqual([]);
  });
});

describe('values of the wrong shape', () => {
  it('readJson returns the fallback and logs why', () => {
    const store = new MemoryStorage();
    store.setItem(KEYS.loginFailures, JSON.stringify({ count: 'three' }));
    install(store);
    const fallback = { count: 0 };
    expect(readJson(KEYS.loginFailures, v.object({ count: v.number() }), fallback)).toBe(fallback);
    expect(logged()).toEqual([expect.stringContaining(`"${KEYS.loginFailures}" has the wrong shape`)]);
  });

  it('readList treats a value that is not a list as empty and logs it', () => {
    const store = new MemoryStorage();
    store.setItem(KEYS.jobApplications, JSON.stringify({ id: 1, name: 'a' }));
    store.setItem(KEYS.partnershipApplications, 'null');
    install(store);
    expect(readList(KEYS.jobApplications, Item)).toEqual([]);
    expect(readList(KEYS.partnershipApplications, Item)).toEqual([]);
    expect(logged()).toEqual([
      expect.stringContaining(`"${KEYS.jobApplications}" should hold a list`),
      expect.stringContaining(`"${KEYS.partnershipApplications}" should hold a list`),
    ]);
  });

  it('readList drops the invalid items, keeps the valid ones in order, and logs each dropped one', () => {
    const store = new MemoryStorage();
    const items = [{ id: 1, name: 'first' }, { id: '2', name: 'id as text' }, null, 'text', { id: 3 }, { id: 4, name: 'last', extra: true }];
    store.setItem(KEYS.investorInterests, JSON.stringify(items));
    install(store);
    // v.object drops unknown keys, so the extra field is not passed on.
    expect(readList(KEYS.investorInterests, Item)).toEqual([
      { id: 1, name: 'first' },
      { id: 4, name: 'last' },
    ]);
    expect(logged()).toEqual([1, 2, 3, 4].map((index) => expect.stringContaining(`dropped invalid item ${index} of "${KEYS.investorInterests}"`)));
  });
});

describe('values that cannot be written as JSON', () => {
  it('reports false, logs, and leaves the key untouched', () => {
    const store = new MemoryStorage();
    store.setItem(KEYS.blogPosts, '[]');
    install(store);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(writeJson(KEYS.blogPosts, circular)).toBe(false);
    expect(writeJson(KEYS.blogPosts, undefined)).toBe(false);
    expect(writeJson(KEYS.blogPosts, () => 1)).toBe(false);
    expect(store.getItem(KEYS.blogPosts)).toBe('[]');
    expect(logged()).not.toEqual([]);
    for (const line of logged()) expect(line).toContain(`could not serialise "${KEYS.blogPosts}"`);
  });
});

describe('no window (pre-render)', () => {
  it('reads as empty, refuses writes, and logs nothing', () => {
    expect(typeof window).toBe('undefined');
    expect(readRaw(KEYS.adminAuth)).toBeNull();
    expect(readJson(KEYS.loginFailures, v.number(), 5)).toBe(5);
    expect(readList(KEYS.blogPosts, Item)).toEqual([]);
    expect(writeRaw(KEYS.adminAuth, 'true')).toBe(false);
    expect(writeJson(KEYS.blogPosts, [])).toBe(false);
    expect(removeKey(KEYS.adminAuth)).toBe(false);
    const stop = subscribe(KEYS.blogPosts, () => {});
    expect(stop).toBeTypeOf('function');
    stop();
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('subscribe: changes in this tab', () => {
  beforeEach(() => {
    install(new MemoryStorage());
  });

  it('tells the subscribers of the key written, removed or written as JSON, and no others', () => {
    const posts = vi.fn();
    const auth = vi.fn();
    const stopPosts = subscribe(KEYS.blogPosts, posts);
    const stopAuth = subscribe(KEYS.adminAuth, auth);
    writeJson(KEYS.blogPosts, []);
    writeRaw(KEYS.blogPosts, '[]');
    removeKey(KEYS.blogPosts);
    expect(posts).toHaveBeenCalledTimes(3);
    expect(auth).not.toHaveBeenCalled();
    stopPosts();
    stopAuth();
  });

  it('stops after unsubscribing', () => {
    const onChange = vi.fn();
    const stop = subscribe(KEYS.blogPosts, onChange);
    stop();
    writeRaw(KEYS.blogPosts, '[]');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('keeps telling a callback subscribed twice until both subscriptions stop', () => {
    const onChange = vi.fn();
    const stopFirst = subscribe(KEYS.blogPosts, onChange);
    const stopSecond = subscribe(KEYS.blogPosts, onChange);
    stopFirst();
    writeRaw(KEYS.blogPosts, '[]');
    expect(onChange).toHaveBeenCalledTimes(1);
    stopSecond();
    writeRaw(KEYS.blogPosts, '[]');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('a failing listener is logged; the write still succeeds and the other listeners are told', () => {
    const after = vi.fn();
    const stopBroken = subscribe(KEYS.blogPosts, () => {
      throw new Error('listener bug');
    });
    const stopAfter = subscribe(KEYS.blogPosts, after);
    expect(writeRaw(KEYS.blogPosts, '[]')).toBe(true);
    expect(readRaw(KEYS.blogPosts)).toBe('[]');
    expect(after).toHaveBeenCalledTimes(1);
    expect(logged()).toEqual([expect.stringContaining(`a listener of "${KEYS.blogPosts}" failed`)]);
    stopBroken();
    stopAfter();
  });
});

describe('subscribe: changes in another tab (the storage event)', () => {
  it('tells the subscribers of that key, and everyone when the other tab cleared storage', () => {
    const win = install(new MemoryStorage());
    const onChange = vi.fn();
    const stop = subscribe(KEYS.adminAuth, onChange);
    storageEvent(win, KEYS.adminAuth);
    storageEvent(win, KEYS.blogPosts);
    storageEvent(win, null);
    expect(onChange).toHaveBeenCalledTimes(2);
    stop();
    storageEvent(win, KEYS.adminAuth);
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});
