import { connect } from 'node:net';

export interface Cutoff {
  /** Milliseconds from the first byte sent to the server closing the connection; null if it never did. */
  closedAfterMs: number | null;
  /** What the server wrote before closing. */
  received: string;
}

/**
 * Sends `opening`, then `drip` every `everyMs` (never completing the request) until the server
 * closes the connection or `giveUpMs` passes.
 */
export function dripUntilClosed(baseUrl: string, opening: string, drip: string, everyMs: number, giveUpMs: number): Promise<Cutoff> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    let received = '';
    let startedAt = 0;
    let dripping: NodeJS.Timeout | undefined;
    const socket = connect(Number(port), hostname, () => {
      startedAt = Date.now();
      socket.write(opening);
      dripping = setInterval(() => socket.writable && socket.write(drip), everyMs);
    });
    const finish = (closedAfterMs: number | null) => {
      clearInterval(dripping);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ closedAfterMs, received });
    };
    const giveUp = setTimeout(() => finish(null), giveUpMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => finish(startedAt ? Date.now() - startedAt : 0));
  });
}
