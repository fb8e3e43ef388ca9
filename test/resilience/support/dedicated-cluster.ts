import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../support/free-port.js';

const run = promisify(execFile);
const PG_ROOT = '/usr/lib/postgresql';
const COMMAND_TIMEOUT_MS = 60_000;

/** A server certificate and its private key, PEM. */
export interface ServerTls {
  cert: string;
  key: string;
}

export interface ClusterOptions {
  /** Serve TLS (`ssl=on`) with this certificate; plain connections stay allowed. */
  tls?: ServerTls;
}

/**
 * A PostgreSQL cluster of the test's own in a temporary directory, so that it can be stopped and
 * started without touching the machine's server. Needs root (it runs the server as `postgres`).
 */
export class DedicatedCluster {
  private constructor(
    private readonly dir: string,
    private readonly bin: string,
    readonly port: number,
    private readonly tls = false,
  ) {}

  /** Whether this machine has the PostgreSQL server binaries the cluster needs. */
  static get available(): boolean {
    return existsSync(PG_ROOT) && readdirSync(PG_ROOT).some((version) => existsSync(join(PG_ROOT, version, 'bin', 'pg_ctl')));
  }

  static async create(options: ClusterOptions = {}): Promise<DedicatedCluster> {
    const bin = newestBinDir();
    const dir = mkdtempSync(join(tmpdir(), 'ess-pg-'));
    const cluster = new DedicatedCluster(dir, bin, await freePort(), Boolean(options.tls));
    try {
      if (options.tls) cluster.writeServerTls(options.tls);
      await run('chown', ['-R', 'postgres:postgres', dir]);
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
    const tls = this.tls ? ` -c ssl=on -c ssl_cert_file=${this.serverFile('crt')} -c ssl_key_file=${this.serverFile('key')}` : '';
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1${tls}`;
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

  /** The server refuses a key that others may read. */
  private writeServerTls(tls: ServerTls): void {
    writeFileSync(this.serverFile('crt'), tls.cert);
    writeFileSync(this.serverFile('key'), tls.key, { mode: 0o600 });
    chmodSync(this.serverFile('key'), 0o600);
  }

  private serverFile(extension: 'crt' | 'key'): string {
    return join(this.dir, `server.${extension}`);
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
