import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../support/free-port.js';

const run = promisify(execFile);
const PG_ROOT = '/usr/lib/postgresql';
const COMMAND_TIMEOUT_MS = 60_000;

/**
 * A PostgreSQL cluster of the test's own in a temporary directory, so that it can be stopped and
 * started without touching the machine's server. Needs root (it runs the server as `postgres`).
 */
export class DedicatedCluster {
  private constructor(
    private readonly dir: string,
    private readonly bin: string,
    readonly port: number,
  ) {}

  static async create(): Promise<DedicatedCluster> {
    const bin = newestBinDir();
    const dir = mkdtempSync(join(tmpdir(), 'ess-pg-'));
    const cluster = new DedicatedCluster(dir, bin, await freePort());
    try {
      await run('chown', ['postgres:postgres', dir]);
      await cluster.asPostgres('initdb', ['-D', cluster.dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
      await cluster.start();
      return cluster;
    } catch (error) {
      await cluster.remove();
      throw error;
    }
  }

  get url(): string {
    return `postgresql://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** Returns once the server accepts connections. */
  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1`;
    // -l: without a log file the server would keep pg_ctl's stdout open, and execFile would never return.
    await this.asPostgres('pg_ctl', ['-D', this.dataDir, '-l', join(this.dir, 'server.log'), '-o', options, '-w', 'start']);
  }

  /** Immediate mode: every backend is killed at once, as in a crash; restart runs crash recovery. */
  async stop(): Promise<void> {
    await this.asPostgres('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', '-w', 'stop']);
  }

  /** Stops the server if it runs and deletes the directory; safe to call in any state. */
  async remove(): Promise<void> {
    if (existsSync(join(this.dataDir, 'postmaster.pid'))) await this.stop().catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }

  private get dataDir(): string {
    return join(this.dir, 'data');
  }

  private async asPostgres(tool: string, args: string[]): Promise<void> {
    await run('runuser', ['-u', 'postgres', '--', join(this.bin, tool), ...args], { timeout: COMMAND_TIMEOUT_MS });
  }
}

function newestBinDir(): string {
  const versions = readdirSync(PG_ROOT)
    .filter((version) => existsSync(join(PG_ROOT, version, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  if (!versions.length) throw new Error(`no PostgreSQL server binaries under ${PG_ROOT}`);
  return join(PG_ROOT, versions[0]!, 'bin');
}
