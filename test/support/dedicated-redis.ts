import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { freePort } from './free-port.js';
import { waitFor } from './wait-for.js';

/**
 * A `redis-server` of the test's own on a free loopback port, without persistence: one the test
 * may stall (SIGSTOP: connections stay open, nothing answers) and resume, which the machine's
 * shared Redis must never be.
 */
export class DedicatedRedis {
  private constructor(
    private readonly server: ChildProcess,
    readonly port: number,
  ) {}

  static async start(): Promise<DedicatedRedis> {
    const port = await freePort();
    const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const redis = new DedicatedRedis(server, port);
    const client = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    try {
      await waitFor(() => client.connect().then(() => true, () => false), 10_000);
    } catch (error) {
      await redis.stop();
      throw error;
    } finally {
      client.disconnect();
    }
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Freezes the server: its connections stay open and accept bytes, but nothing is answered. */
  stall(): void {
    this.server.kill('SIGSTOP');
  }

  resume(): void {
    this.server.kill('SIGCONT');
  }

  /** SIGKILL works on a stalled server too. */
  async stop(): Promise<void> {
    if (this.server.exitCode !== null || this.server.signalCode !== null) return;
    const exited = once(this.server, 'exit');
    this.server.kill('SIGKILL');
    await exited;
  }
}
