import { randomUUID } from 'node:crypto';
import { createServer, type Server, type Socket, connect } from 'node:net';
import type { AddressInfo } from 'node:net';

/** The machine's Redis (see docs/development.md); TEST_REDIS_URL points elsewhere. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix of its own, so parallel runs and test files never share counters. */
export function redisTestPrefix(): string {
  return `ess-test:${randomUUID()}:`;
}

/** A TCP relay to the test Redis that a test can cut and restore on the same port: an outage on demand. */
export class RedisRelay {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  private port = 0;

  static async start(): Promise<RedisRelay> {
    const relay = new RedisRelay();
    await relay.restore();
    return relay;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Closes every relayed connection and stops accepting new ones. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  async restore(): Promise<void> {
    const target = new URL(TEST_REDIS_URL);
    this.server = createServer((client) => {
      const upstream = connect(Number(target.port || 6379), target.hostname);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    const server = this.server;
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
  }

  stop(): Promise<void> {
    return this.cut();
  }
}
