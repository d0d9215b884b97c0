/**
 * How long and how many clients may hold the server. Node's defaults let a client that sends one
 * header byte every few seconds keep its connection for minutes (the header timeout is 60 s and is
 * only checked every 30 s), a slow body for 5 minutes, and any number of such clients at once.
 * Real browsers and proxies send a request's headers in one packet and a form's body right after.
 * How many connections one address and all together may hold is connection-gate.ts's part.
 */
import type http from 'node:http';
import { gateConnections, type ConnectionGate, type GateOptions } from './connection-gate';

/** The whole header block must arrive within this (answered 408 otherwise). */
export const HEADERS_TIMEOUT_MS = 10_000;
/** The whole request, body included (the largest API body is 256 kB). */
export const REQUEST_TIMEOUT_MS = 30_000;
/** An idle keep-alive connection is closed after this. */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/** How often Node checks the two request timeouts: at its default of 30 s a slow client kept up to 30 s more. */
const CHECK_INTERVAL_MS = 1_000;

/** Options for http.createServer (these two cannot be set on a server once made). */
export const SERVER_OPTIONS: http.ServerOptions = {
  headersTimeout: HEADERS_TIMEOUT_MS,
  requestTimeout: REQUEST_TIMEOUT_MS,
  connectionsCheckingInterval: CHECK_INTERVAL_MS,
};

/**
 * Sets the limits that live on the server object, and caps its connections in total and per
 * address with connection-gate.ts rather than Node's maxConnections, which would refuse a new
 * visitor while one client's idle connections fill the cap.
 */
export function applyLimits(server: http.Server, connections: GateOptions): ConnectionGate {
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  return gateConnections(server, connections);
}
