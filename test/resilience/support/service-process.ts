import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { TEST_AUDIENCE, TEST_ISSUER } from '../../support/test-identity-provider.js';
import { listeningPort } from './listening-port.js';

const MAIN = resolve('dist/main.js');
const NPM_START = resolve('scripts/start.mjs');
const TELEMETRY_REGISTER = resolve('dist/telemetry/register.js');
const OUTPUT_TAIL_CHARS = 8_000;
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

export interface ServiceOptions {
  databaseUrl: string;
  jwksUri: string;
  /** The certificate to trust for an HTTPS key endpoint, as production requires one. */
  caFile?: string;
  /** More environment variables, or overrides of the ones below. */
  env?: Record<string, string>;
  /** The script to run instead of the compiled service (a stand-in, for tests of this harness, or another release's build). */
  entry?: string;
  /** The directory it runs in: another release's own, for its build. */
  cwd?: string;
  /** Start as `npm run start:prod` does, through dist/telemetry/register.js (telemetry on when its variables are set). */
  telemetry?: boolean;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  at: number;
}

/** One instance of the compiled service, run as production runs it (`npm run start:prod`). */
export class ServiceProcess {
  readonly exited: Promise<Exit>;
  private exit?: Exit;
  private output = '';

  private constructor(
    readonly name: string,
    private readonly child: ChildProcess,
    workDir: string,
    private port?: number,
    private readonly fixedPort = port !== undefined,
    /** Ports it listens on besides the service's: METRICS_PORT. */
    private readonly otherPorts: number[] = [],
  ) {
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-OUTPUT_TAIL_CHARS));
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    this.exited = new Promise((done) =>
      child.once('exit', (code, signal) => {
        rmSync(workDir, { recursive: true, force: true });
        done((this.exit = { code, signal, at: Date.now() }));
      }),
    );
  }

  /** Spawns without waiting: call `ready()`. The instance takes any free port (PORT=0). */
  static spawn(name: string, options: ServiceOptions): ServiceProcess {
    const entry = options.entry ?? MAIN;
    if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npx nest build\` first`);
    const workDir = mkdtempSync(join(tmpdir(), 'ess-resilience-'));
    const telemetry = options.telemetry ? ['--import', TELEMETRY_REGISTER] : [];
    const child = spawn(process.execPath, ['--max-old-space-size=160', '--max-semi-space-size=8', ...telemetry, entry], {
      env: {
        PATH: process.env.PATH,
        ...(options.caFile ? { NODE_EXTRA_CA_CERTS: options.caFile } : {}),
        NODE_ENV: 'production',
        PORT: '0',
        DATABASE_URL: options.databaseUrl,
        AUTH_ISSUER_BASE_URL: TEST_ISSUER,
        AUTH_AUDIENCE: TEST_AUDIENCE,
        AUTH_JWKS_URI: options.jwksUri,
        FILES_SIGNING_KEY: 'resilience-files-signing-key-0123456789',
        RATE_LIMIT_PER_MINUTE: '0',
        AUTH_FAILURE_LIMIT: '0',
        SCHEDULED_JOBS: 'false',
        LOG_LEVEL: 'warn',
        UPLOADS_DIR: join(workDir, 'uploads'),
        DATA_DIR: join(workDir, 'data'),
        ...options.env,
      },
      cwd: options.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const metricsPort = Number(options.env?.METRICS_PORT);
    return new ServiceProcess(name, child, workDir, undefined, false, metricsPort ? [metricsPort] : []);
  }

  /**
   * `npm start` as the README runs it (scripts/start.mjs, which runs dist/ once built): development
   * mode, no DATABASE_URL, so the embedded database and the development identity provider in an
   * empty DATA_DIR (`dataDir`, removed when the process exits). Listens on `port`, fixed because
   * the token issuer's URL depends on it, so the readiness check does not look it up.
   */
  static spawnDevelopment(name: string, port: number, env: Record<string, string> = {}): { service: ServiceProcess; dataDir: string } {
    const workDir = mkdtempSync(join(tmpdir(), 'ess-resilience-dev-'));
    const dataDir = join(workDir, 'data');
    const child = spawn(process.execPath, [NPM_START], {
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        DATA_DIR: dataDir,
        UPLOADS_DIR: join(workDir, 'uploads'),
        SCHEDULED_JOBS: 'false',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { service: new ServiceProcess(name, child, workDir, port), dataDir };
  }

  /** From now on, every output line that matches `pattern`, as they come (the output tail alone may have moved past them). */
  watch(pattern: RegExp): string[] {
    const lines: string[] = [];
    let partial = '';
    const collect = (chunk: Buffer) => {
      const complete = (partial + chunk.toString()).split('\n');
      partial = complete.pop()!;
      lines.push(...complete.filter((line) => pattern.test(line)));
    };
    this.child.stdout!.on('data', collect);
    this.child.stderr!.on('data', collect);
    return lines;
  }

  static async start(name: string, options: ServiceOptions): Promise<ServiceProcess> {
    const service = ServiceProcess.spawn(name, options);
    await service.ready();
    return service;
  }

  get url(): string {
    if (this.port === undefined) throw new Error(`${this.name} has no port before it is ready`);
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number {
    return this.child.pid!;
  }

  get alive(): boolean {
    return this.exit === undefined;
  }

  /**
   * Waits for `/api/health/ready` to answer 200; returns the milliseconds it took. The port is read
   * afresh on every try and kept only once it answered: a process may listen on other ports for a
   * moment while it starts (a probe of whether a port is free), and taking the first port seen made
   * a start fail now and then on a busy machine.
   */
  ready(timeoutMs = READY_TIMEOUT_MS): Promise<number> {
    return this.untilAnswers('/api/health/ready', 'ready', timeoutMs);
  }

  /** Waits for the liveness endpoint (`/api/health`) to answer 200: the instance serves, ready or not. */
  serving(timeoutMs = READY_TIMEOUT_MS): Promise<number> {
    return this.untilAnswers('/api/health', 'serving', timeoutMs);
  }

  private async untilAnswers(path: string, state: string, timeoutMs: number): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      if (!this.alive) throw new Error(`${this.name} exited (${this.exit!.code ?? this.exit!.signal}) before it was ${state}\n${this.report()}`);
      const port = this.fixedPort ? this.port : listeningPort(this.pid, this.otherPorts);
      const status =
        port === undefined
          ? 0
          : await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(2000) }).then(
              (response) => response.status,
              () => 0,
            );
      if (status === 200) {
        this.port = port;
        return Date.now() - started;
      }
      await sleep(100);
    }
    throw new Error(`${this.name} was not ${state} within ${timeoutMs} ms\n${this.report()}`);
  }

  signal(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }

  /** SIGTERM, then SIGKILL if it has not exited within STOP_TIMEOUT_MS. */
  async stop(): Promise<void> {
    if (!this.alive) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await this.exited;
    clearTimeout(timer);
  }

  /** The tail of what the process wrote, for failure messages. */
  report(): string {
    const state = this.alive ? 'running' : `exited with ${this.exit!.code ?? this.exit!.signal}`;
    return `--- ${this.name} (port ${this.port ?? 'unknown'}, pid ${this.pid}, ${state}), last output:\n${this.output || '(none)'}`;
  }
}

export interface StartedTogether {
  services: ServiceProcess[];
  /** Milliseconds from the common spawn to each instance's first ready answer. */
  readyMs: number[];
}

/** Spawns the instances at the same moment and waits until all are ready; stops them all if one fails. */
export async function startTogether(names: string[], options: ServiceOptions): Promise<StartedTogether> {
  const services = names.map((name) => ServiceProcess.spawn(name, options));
  try {
    return { services, readyMs: await Promise.all(services.map((service) => service.ready())) };
  } catch (error) {
    await Promise.all(services.map((service) => service.stop()));
    throw error;
  }
}

/** Runs a test body; when it fails, prints what the services wrote before rethrowing. */
export async function withServiceOutput(services: () => ServiceProcess[], body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    console.error(services().map((service) => service.report()).join('\n'));
    throw error;
  }
}
