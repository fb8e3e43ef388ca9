import { createServer } from 'node:net';

const LOW = 20_000;
const HIGH = 30_000;

/**
 * A loopback port that was free a moment ago, below Linux's ephemeral range (32768 and up): other
 * processes' `listen(0)` and outgoing connections never take it, so it is still free for a restart.
 */
export async function freeFixedPort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${LOW} and ${HIGH}`);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });
}
