import type pg from 'pg';
import { TestIdentityProvider } from '../../support/test-identity-provider.js';
import { Seed } from './seed.js';
import { ServiceProcess, withServiceOutput } from './service-process.js';
import { createThrowawayDatabase, openPool, type ThrowawayDatabase } from './throwaway-database.js';

/** One instance of the compiled service on a throw-away database, trusting one identity provider. */
export class OneInstance {
  service!: ServiceProcess;
  idp!: TestIdentityProvider;
  db!: pg.Pool;
  seed!: Seed;
  /** The output lines matching `start`'s `watch` pattern. */
  watched: string[] = [];
  private database?: ThrowawayDatabase;

  /** `databasePrefix` names the throw-away database, so a leftover one tells which test made it. */
  constructor(private readonly databasePrefix: string) {}

  /**
   * `env`: more environment variables for the instance; `telemetry`: start it through dist/telemetry/register.js;
   * `watch`: the output lines that match it, from the first one the process writes (see `watched`).
   */
  async start(env: Record<string, string> = {}, { telemetry = false, watch }: { telemetry?: boolean; watch?: RegExp } = {}): Promise<void> {
    this.idp = await TestIdentityProvider.startHttps();
    this.database = await createThrowawayDatabase(this.databasePrefix);
    const service = ServiceProcess.spawn('instance', { databaseUrl: this.database.url, jwksUri: this.idp.jwksUri, caFile: this.idp.caFile, env, telemetry });
    if (watch) this.watched = service.watch(watch);
    // Kept before it is ready, so that stop() ends it when it never gets there.
    this.service = service;
    await service.ready();
    this.db = openPool(this.database.url);
    this.seed = new Seed(this.db);
  }

  async stop(): Promise<void> {
    await this.service?.stop();
    await this.db?.end();
    await this.database?.drop();
    await this.idp?.stop();
  }

  /** A test body that prints the instance's output when it fails. */
  run(body: () => Promise<void>): Promise<void> {
    return withServiceOutput(() => [this.service], body);
  }
}
