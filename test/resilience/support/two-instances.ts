import type pg from 'pg';
import { TestIdentityProvider } from '../../support/test-identity-provider.js';
import { Seed } from './seed.js';
import { type ServiceProcess, startTogether, withServiceOutput } from './service-process.js';
import { createThrowawayDatabase, openPool, type ThrowawayDatabase } from './throwaway-database.js';

/** Two instances of the compiled service on one throw-away database, trusting one identity provider. */
export class TwoInstances {
  services: ServiceProcess[] = [];
  idp!: TestIdentityProvider;
  db!: pg.Pool;
  seed!: Seed;
  private database?: ThrowawayDatabase;

  /** `env` adds or overrides the instances' variables. */
  async start(env: Record<string, string> = {}): Promise<void> {
    this.idp = await TestIdentityProvider.start();
    this.database = await createThrowawayDatabase('ess_resilience');
    ({ services: this.services } = await startTogether(['instance A', 'instance B'], { databaseUrl: this.database.url, jwksUri: this.idp.jwksUri, env }));
    this.db = openPool(this.database.url);
    this.seed = new Seed(this.db);
  }

  async stop(): Promise<void> {
    await Promise.all(this.services.map((service) => service.stop()));
    await this.db?.end();
    await this.database?.drop();
    await this.idp?.stop();
  }

  /** The instance for the i-th of a set of parallel requests: alternating spreads them over both. */
  url(i: number): string {
    return this.services[i % this.services.length]!.url;
  }

  /** A test body that prints the instances' output when it fails. */
  run(body: () => Promise<void>): Promise<void> {
    return withServiceOutput(() => this.services, body);
  }
}
