import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Below the kernel's ephemeral range, which it hands out to every `listen(0)` and outgoing connection. */
const LOWEST = 10_000;
const TRIES = 100;
const handedOut = new Set<number>();

function ephemeralRangeStart(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32_768;
  } catch {
    return 32_768;
  }
}

function listensOn(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A free loopback port, for apps whose URL must be known before they listen. It is taken from
 * below the ephemeral range: a port the kernel just handed out and released could be handed out
 * again at once, as another listener's port or an outgoing connection's (a browser's, a database
 * pool's), before the app listens on it. Never the same port twice in one process.
 */
export async function freePort(): Promise<number> {
  const span = ephemeralRangeStart() - LOWEST;
  for (let i = 0; i < TRIES; i += 1) {
    const port = LOWEST + Math.floor(Math.random() * span);
    if (handedOut.has(port) || !(await listensOn(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port below ${LOWEST + span} after ${TRIES} tries`);
}
