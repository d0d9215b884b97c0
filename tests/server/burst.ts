/**
 * A burst of lead submissions to a real server (the crash tests): ids 0 to `total` - 1, at most
 * `concurrency` in flight, each answered 2xx counted as acknowledged. A request whose connection
 * fails twice (the server was killed) is not an answer, so its id is not acknowledged.
 */
import { sampleLead } from './harness';
import { idOf } from './spawn-server';

export interface Burst {
  total: number;
  concurrency: number;
  /** The body of the lead with this id; a contact enquiry by default. */
  lead?: (id: string) => Record<string, unknown>;
  /** Called after each acknowledgement with how many there are so far. */
  onAck?: (acked: number) => void;
  /** Awaited before each submission, with how many were acknowledged so far: lets a test hold the burst until something else has happened. */
  before?: (acked: number) => Promise<void>;
}

export async function submitBurst(
  origin: string,
  { total, concurrency, lead = (id) => sampleLead('contactEnquiries', id), onAck, before }: Burst,
): Promise<Set<string>> {
  const acked = new Set<string>();
  let next = 0;
  const worker = async () => {
    while (next < total) {
      await before?.(acked.size);
      if (next >= total) break;
      const id = idOf(next++);
      const post = () =>
        fetch(`${origin}/api/leads`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(lead(id)),
        });
      try {
        // A kept-alive connection the server closes as the request goes out (its idle limit, met
        // on a loaded machine) resets the request: sent once more, as the site's forms do, it is
        // stored once or found stored, since a lead is idempotent on its id. A killed server
        // refuses the second try too.
        const response = await post().catch(post);
        if (response.ok) {
          acked.add(id);
          onAck?.(acked.size);
        }
      } catch {
        // The server was killed: this one was never acknowledged.
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return acked;
}
