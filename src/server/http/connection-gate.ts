/**
 * Who may hold the server's connections. Node's own cap (server.maxConnections) closes every
 * connection past it as it arrives, so one client that opens the cap's worth and sends nothing
 * shuts every other visitor out for as long as it keeps them. Instead, one address may hold at
 * most `maxPerAddress` (trusted proxies excepted: every visitor behind one shares its address),
 * and at either cap a new connection takes the place of an idle one, so a visitor arriving while
 * someone hoards connections is still served. Idle means no request in flight and no byte
 * received since the last answer (or since it opened); a connection receiving a request, or
 * whose answer is being written, is never closed for another. Only when none is idle is the new
 * connection closed instead.
 */
import type http from 'node:http';
import type net from 'node:net';
import { throttledAddress } from '../auth/address-block';
import type { TrustedProxies } from './trusted-proxies';

/** About ten browsers at six connections each: an office or a carrier's NAT shares one address. */
export const MAX_CONNECTIONS_PER_ADDRESS_DEFAULT = 64;

export interface GateOptions {
  maxConnections: number;
  maxPerAddress: number;
  /** Exempt from the per-address cap. */
  proxies: TrustedProxies;
}

interface Held {
  socket: net.Socket;
  group: string;
  inFlight: number;
  /** socket.bytesRead when the last answer ended (0 before the first request): more means a request is arriving. */
  readWhenIdle: number;
  /** When it last became idle, in the order of events: the longest idle goes first. */
  idleSince: number;
}

/**
 * The group an address counts in: the sign-in throttle's (an IPv4 address as it is, also written
 * as IPv6, and any other IPv6 address by its /64, the block one household or server gets).
 */
export function addressGroup(address: string | undefined): string {
  return address === undefined ? 'unknown' : throttledAddress(address);
}

export interface ConnectionGate {
  /** Connections held now, for tests and diagnostics. */
  open(): number;
}

export function gateConnections(server: http.Server, options: GateOptions): ConnectionGate {
  const held = new Map<net.Socket, Held>();
  const groups = new Map<string, Set<Held>>();
  let clock = 0;

  const isIdle = (entry: Held) => entry.inFlight === 0 && entry.socket.bytesRead === entry.readWhenIdle;

  /** Closes the idle connection that has waited longest among `candidates`, preferring the group that holds the most; false when none is idle. */
  const closeIdle = (candidates: Iterable<Held>): boolean => {
    let chosen: Held | null = null;
    let chosenSize = -1;
    for (const entry of candidates) {
      if (!isIdle(entry)) continue;
      const size = groups.get(entry.group)?.size ?? 0;
      if (size > chosenSize || (size === chosenSize && chosen !== null && entry.idleSince < chosen.idleSince)) {
        chosen = entry;
        chosenSize = size;
      }
    }
    if (!chosen) return false;
    forget(chosen);
    chosen.socket.destroy();
    return true;
  };

  const forget = (entry: Held) => {
    if (!held.delete(entry.socket)) return;
    const group = groups.get(entry.group);
    group?.delete(entry);
    if (group?.size === 0) groups.delete(entry.group);
  };

  server.on('connection', (socket: net.Socket) => {
    const group = addressGroup(socket.remoteAddress);
    const own = groups.get(group);
    const capped = !options.proxies.trusts(socket.remoteAddress);
    if (capped && (own?.size ?? 0) >= options.maxPerAddress && !(own && closeIdle(own))) {
      socket.destroy();
      return;
    }
    if (held.size >= options.maxConnections && !closeIdle(held.values())) {
      socket.destroy();
      return;
    }
    const entry: Held = { socket, group, inFlight: 0, readWhenIdle: 0, idleSince: clock++ };
    held.set(socket, entry);
    groups.set(group, (groups.get(group) ?? new Set()).add(entry));
    socket.once('close', () => forget(entry));
  });

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const entry = held.get(req.socket);
    if (!entry) return;
    entry.inFlight += 1;
    res.once('close', () => {
      entry.inFlight -= 1;
      if (entry.inFlight > 0) return;
      entry.readWhenIdle = entry.socket.bytesRead;
      entry.idleSince = clock++;
    });
  });

  return { open: () => held.size };
}
