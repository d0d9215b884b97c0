/** Sending a lead: storage, the POST to the lead endpoint, failures, retry and the honeypot. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listRecords } from '@/browser/data/record-store';
import { KEYS } from '@/browser/storage/storage';
import { initialValues } from '@/shared/domain/lead-forms';
import { ENGLISH_WORDS as words } from '../../../../tests/support/lead-form-words';
import { parseLeadBody } from '@/server/api/lead-body';
import { MemoryStorage, type StorageMode } from '../../../../tests/support/fake-storage';
import { FORMS } from './site-forms';
import { type Delivery, HONEYPOT_FIELD, isBot, isDelivered, leadEndpoint, retryDelivery, sendLead, submitLead } from './submit';

const { contactEnquiries: CONTACT_FORM, jobApplications: CAREERS_FORM } = FORMS;
const ENDPOINT = 'https://leads.example/api/leads';

let storage: MemoryStorage;
let mode: StorageMode;
beforeEach(() => {
  mode = 'working';
  storage = new MemoryStorage(() => mode);
  vi.stubGlobal('window', { localStorage: storage, sessionStorage: new MemoryStorage(), addEventListener() {}, removeEventListener() {} });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const contact = {
  name: 'Asha Rao',
  company: 'Spice Foods GmbH',
  email: 'asha@spicefoods.example',
  phone: '+49 30 1234567',
  country: 'DE',
  products: ['Garlic Powder'],
  quantity: '5',
  unit: 'metric tons',
  destination: 'Hamburg',
  incoterm: 'FOB',
  message: 'Garlic powder 80-120 mesh in 25 kg bags, please.',
};

const respond = (status: number, statusText = '') => vi.fn(async () => new Response(null, { status, statusText }));
const offline = () =>
  vi.fn(async () => {
    throw new TypeError('Failed to fetch');
  });

describe('isBot', () => {
  it('is true only when the honeypot holds text', () => {
    expect(HONEYPOT_FIELD).toBe('website');
    expect(isBot({ ...contact })).toBe(false);
    expect(isBot({ ...contact, website: '' })).toBe(false);
    expect(isBot({ ...contact, website: '   ' })).toBe(false);
    expect(isBot({ ...contact, website: 'https://spam.example' })).toBe(true);
  });
});

describe('sendLead', () => {
  it('returns the messages and stores nothing when the input is invalid', async () => {
    const fetch = respond(200);
    const result = await sendLead(CONTACT_FORM, initialValues(CONTACT_FORM), { endpoint: ENDPOINT, fetch });
    expect(result.kind).toBe('invalid');
    expect(result.kind === 'invalid' && result.errors.email).toBe('Enter your e-mail address');
    expect(fetch).not.toHaveBeenCalled();
    expect(storage.data.size).toBe(0);
  });

  it.each([
    ['to a LEAD_ENDPOINT', { endpoint: ENDPOINT }],
    ['on a static host', { findServer: async () => 'absent' as const }],
    ['when no server answers', { findServer: async () => 'unknown' as const }],
  ])('pretends success to a bot %s, storing and sending nothing', async (_where, where) => {
    const fetch = respond(200);
    const result = await sendLead(CONTACT_FORM, { ...contact, website: 'https://spam.example' }, { ...where, fetch });
    expect(result.kind).toBe('dropped');
    expect(result.kind === 'dropped' && result.reference).toMatch(/^GB-[A-Z0-9]{8}$/);
    expect(fetch).not.toHaveBeenCalled();
    expect(listRecords('contactEnquiries')).toEqual([]);
  });

  it('sends a bot’s submission to the site’s own server with the trap’s text, as any lead (the server keeps it in Spam)', async () => {
    const fetch = respond(201);
    const result = await sendLead(
      CONTACT_FORM,
      { ...contact, website: 'https://spam.example' },
      { findServer: async () => 'present', fetch, page: '/contact', shownForMs: 900 },
    );
    expect(result.kind).toBe('delivery');
    const delivery = (result as { delivery: Delivery }).delivery;
    expect(isDelivered(delivery)).toBe(true);
    const body = JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(body).toMatchObject({ id: delivery.record.id, fields: contact, screening: { trap: 'https://spam.example', shownForMs: 900 } });
  });

  it('tells the site’s own server how long the page had shown the form, and repeats it with a retry', async () => {
    vi.spyOn(performance, 'now').mockReturnValue(4_321.6);
    const first = await sendLead(CONTACT_FORM, { ...contact }, { findServer: async () => 'present', fetch: offline(), page: '/contact' });
    const delivery = (first as { delivery: Delivery }).delivery;
    expect(delivery.post.state).toBe('failed');
    const fetch = respond(201);
    await retryDelivery(delivery, { words, findServer: async () => 'present', fetch });
    const body = JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(body.screening).toEqual({ trap: '', shownForMs: 4322 });
  });

  it('sends where the visit came from to the lead endpoint and to the site’s own server, and again with a retry; nothing when there is none', async () => {
    const attribution = { landingPage: '/garlic-powder', referrer: null, utmSource: 'newsletter', utmMedium: null, utmCampaign: 'eu-2027' };
    const bodyOf = (fetch: ReturnType<typeof respond>) => JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    const toEndpoint = respond(201);
    await sendLead(CONTACT_FORM, { ...contact }, { endpoint: ENDPOINT, fetch: toEndpoint, page: '/contact', attribution });
    expect(bodyOf(toEndpoint).attribution).toEqual(attribution);
    // No screening to a LEAD_ENDPOINT, but the attribution is part of its contract.
    expect(bodyOf(toEndpoint).screening).toBeUndefined();

    const first = await sendLead(CONTACT_FORM, { ...contact }, { findServer: async () => 'present', fetch: offline(), page: '/contact', attribution });
    const retried = respond(201);
    await retryDelivery((first as { delivery: Delivery }).delivery, { words, findServer: async () => 'present', fetch: retried });
    expect(bodyOf(retried).attribution).toEqual(attribution);

    const without = respond(201);
    await sendLead(CONTACT_FORM, { ...contact }, { endpoint: ENDPOINT, fetch: without, page: '/contact', attribution: null });
    expect('attribution' in bodyOf(without)).toBe(false);
  });

  it('sends the site’s own server a request it takes, with the screening and the attribution', async () => {
    const attribution = { landingPage: '/garlic-powder', referrer: null, utmSource: 'newsletter', utmMedium: null, utmCampaign: 'eu-2027' };
    const fetch = respond(201);
    await sendLead(CONTACT_FORM, { ...contact }, { findServer: async () => 'present', fetch, page: '/contact', shownForMs: 8_000, attribution });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/leads');
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    expect(parseLeadBody(body, FORMS)).toMatchObject({ type: 'contactEnquiries', id: body.id, page: '/contact', fields: contact, spam: null, attribution });
  });

  it('stores the trimmed fields (without the honeypot) and posts them', async () => {
    const fetch = respond(201);
    const result = await sendLead(CONTACT_FORM, { ...contact, name: '  Asha Rao ', website: '' }, { endpoint: ENDPOINT, fetch, page: '/contact' });
    expect(result.kind).toBe('delivery');
    const delivery = (result as { delivery: Delivery }).delivery;
    expect(isDelivered(delivery)).toBe(true);
    expect(listRecords('contactEnquiries')).toEqual([delivery.record]);
    expect(delivery.record.fields).toEqual(contact);
  });
});

describe('submitLead', () => {
  it('posts the documented JSON shape', async () => {
    const fetch = respond(200);
    const delivery = await submitLead('contactEnquiries', contact, { words, endpoint: ENDPOINT, fetch, page: '/contact' });
    expect(delivery).toMatchObject({ saved: true, post: { state: 'sent' } });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(ENDPOINT);
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(JSON.parse(String(init.body))).toEqual({
      type: 'contactEnquiries',
      id: delivery.record.id,
      createdAt: delivery.record.createdAt,
      fields: contact,
      page: '/contact',
    });
  });

  it('only stores when no endpoint is configured', async () => {
    const fetch = respond(200);
    const delivery = await submitLead('jobApplications', { name: 'Chitra' }, { words, endpoint: '', fetch });
    expect(delivery).toMatchObject({ saved: true, post: { state: 'skipped' } });
    expect(isDelivered(delivery)).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
    expect(listRecords('jobApplications')[0]).toMatchObject({ status: 'pending', fields: { name: 'Chitra' } });
  });

  it('reports a 500 and keeps the stored copy', async () => {
    const delivery = await submitLead('contactEnquiries', contact, { words, endpoint: ENDPOINT, fetch: respond(500, 'Internal Server Error') });
    expect(delivery.post).toEqual({ state: 'failed', reason: 'our server answered with error 500 (Internal Server Error)' });
    expect(delivery.saved).toBe(true);
    expect(isDelivered(delivery)).toBe(false);
    expect(listRecords('contactEnquiries')).toHaveLength(1);
  });

  it('asks the buyer to wait a minute when the server refuses more submissions from their address, and keeps the stored copy', async () => {
    const delivery = await submitLead('contactEnquiries', contact, { words, endpoint: ENDPOINT, fetch: respond(429, 'Too Many Requests') });
    expect(delivery.post).toEqual({
      state: 'failed',
      reason: 'our server received too many submissions from your network in the last minute (please wait a minute, then try again)',
    });
    expect(listRecords('contactEnquiries')).toHaveLength(1);
  });

  it('reports a network failure and keeps the stored copy', async () => {
    const delivery = await submitLead('sampleRequests', { company: 'Nutra Labs' }, { words, endpoint: ENDPOINT, fetch: offline() });
    expect(delivery.post).toEqual({ state: 'failed', reason: 'the connection to our server failed (check your internet connection)' });
    expect(listRecords('sampleRequests')).toHaveLength(1);
  });

  it('reports a server that does not answer in time', async () => {
    const hang = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    const delivery = await submitLead('contactEnquiries', contact, { words, endpoint: ENDPOINT, fetch: hang as unknown as typeof fetch, timeoutMs: 20 });
    expect(delivery.post).toEqual({ state: 'failed', reason: 'our server did not answer within 1 second' });
  });

  it('counts a lead the endpoint accepted as delivered even when this browser could not keep a copy', async () => {
    mode = 'full';
    const delivery = await submitLead('partnershipApplications', { company: 'Gulf Trading' }, { words, endpoint: ENDPOINT, fetch: respond(200) });
    expect(delivery).toMatchObject({ saved: false, post: { state: 'sent' } });
    // Offering a retry here could only send the company a duplicate.
    expect(isDelivered(delivery)).toBe(true);
    expect(delivery.record.fields).toEqual({ company: 'Gulf Trading' });
  });

  it('is not delivered when storage is refused and the endpoint fails too', async () => {
    mode = 'full';
    const delivery = await submitLead('contactEnquiries', contact, { words, endpoint: ENDPOINT, fetch: respond(502) });
    expect(delivery).toMatchObject({ saved: false, post: { state: 'failed' } });
    expect(isDelivered(delivery)).toBe(false);
  });

  it('fails when storage fails and there is no endpoint', async () => {
    mode = 'full';
    const delivery = await submitLead('investorInterests', { name: 'Dana' }, { words, endpoint: '' });
    expect(delivery).toMatchObject({ saved: false, post: { state: 'skipped' } });
    expect(isDelivered(delivery)).toBe(false);
  });
});

describe('retryDelivery', () => {
  it('retries only the POST, with the same reference, and does not store twice', async () => {
    const first = await submitLead('contactEnquiries', contact, { words, endpoint: ENDPOINT, fetch: offline() });
    const fetch = respond(200);
    const second = await retryDelivery(first, { words, endpoint: ENDPOINT, fetch });
    expect(second).toMatchObject({ saved: true, post: { state: 'sent' } });
    expect(second.record.id).toBe(first.record.id);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(listRecords('contactEnquiries')).toHaveLength(1);
  });

  it('can fail again, and is never retried on its own', async () => {
    const fetch = respond(503, 'Service Unavailable');
    const first = await submitLead('contactEnquiries', contact, { words, endpoint: ENDPOINT, fetch });
    const second = await retryDelivery(first, { words, endpoint: ENDPOINT, fetch });
    expect(second.post).toEqual({ state: 'failed', reason: 'our server answered with error 503 (Service Unavailable)' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('stores again when storage had failed, without posting twice', async () => {
    mode = 'full';
    const fetch = respond(200);
    const first = await submitLead('jobApplications', { name: 'Chitra' }, { words, endpoint: ENDPOINT, fetch });
    mode = 'working';
    const second = await retryDelivery(first, { words, endpoint: ENDPOINT, fetch });
    expect(second).toMatchObject({ saved: true, post: { state: 'sent' } });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(listRecords('jobApplications').map((r) => r.id)).toEqual([first.record.id]);
  });

  it('stores and posts again when both had failed', async () => {
    mode = 'full';
    const first = await submitLead('jobApplications', { name: 'Chitra' }, { words, endpoint: ENDPOINT, fetch: offline() });
    mode = 'working';
    const fetch = respond(200);
    const second = await retryDelivery(first, { words, endpoint: ENDPOINT, fetch });
    expect(isDelivered(second)).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('leadEndpoint', () => {
  it('reads LEAD_ENDPOINT from the build environment', () => {
    vi.stubEnv('LEAD_ENDPOINT', ' https://leads.example/in ');
    expect(leadEndpoint()).toBe('https://leads.example/in');
    vi.stubEnv('LEAD_ENDPOINT', '');
    expect(leadEndpoint()).toBe('');
  });
});

it('never writes under a key outside the records store', async () => {
  await sendLead(CAREERS_FORM, { ...initialValues(CAREERS_FORM) });
  await submitLead('jobApplications', { name: 'x' }, { words, endpoint: '' });
  expect([...storage.data.keys()]).toEqual([KEYS.jobApplications]);
});

describe('without a configured endpoint', () => {
  // endpoint undefined and no LEAD_ENDPOINT in the test build: the page asks whether its own server is there.
  it('posts to the same origin’s /api/leads when the site’s server serves the page', async () => {
    const fetch = respond(201);
    const delivery = await submitLead('contactEnquiries', contact, { words, fetch, findServer: async () => 'present', page: '/contact' });
    expect(fetch).toHaveBeenCalledOnce();
    expect((fetch.mock.calls[0] as unknown as [string])[0]).toBe('/api/leads');
    expect(delivery.post).toEqual({ state: 'sent' });
  });

  it('only stores, with no request and nothing to retry, on a static host', async () => {
    const fetch = respond(201);
    const delivery = await submitLead('contactEnquiries', contact, { words, fetch, findServer: async () => 'absent' });
    expect(fetch).not.toHaveBeenCalled();
    expect(delivery.post).toEqual({ state: 'skipped' });
    expect(isDelivered(delivery)).toBe(true);
  });

  it('offers Retry when nothing answered, and the retry posts the same record once the server answers', async () => {
    const first = await submitLead('sampleRequests', { company: 'Nutra Labs' }, { words, fetch: respond(201), findServer: async () => 'unknown' });
    expect(first.post).toEqual({ state: 'failed', reason: 'the connection to our server failed (check your internet connection)' });
    expect(isDelivered(first)).toBe(false);
    const fetch = respond(201);
    const second = await retryDelivery(first, { words, fetch, findServer: async () => 'present' });
    expect(second.post).toEqual({ state: 'sent' });
    expect(JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body)).id).toBe(first.record.id);
  });

  it('shows the server’s refusal as a failure to retry', async () => {
    const delivery = await submitLead('contactEnquiries', contact, { words, fetch: respond(503), findServer: async () => 'present' });
    expect(delivery.post.state).toBe('failed');
  });
});
