import type { Server } from 'node:http';
import type { HttpTimeouts } from '../config/app-config.js';

/** How often Node looks for requests past their deadlines; its default (30 s) lets one overrun by that much. */
const DEADLINE_CHECK_INTERVAL_MS = 1000;

/** Must run before `listen()`: Node reads the checking interval when the server starts listening. */
export function applyHttpTimeouts(server: Server, timeouts: HttpTimeouts): void {
  server.headersTimeout = timeouts.headersMs;
  server.requestTimeout = timeouts.requestMs;
  server.keepAliveTimeout = timeouts.keepAliveMs;
  // A createServer() option in Node's types, but a plain property that listen() reads.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = DEADLINE_CHECK_INTERVAL_MS;
}
