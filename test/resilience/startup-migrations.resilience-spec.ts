import { migrations } from '../../src/schema/migrations/index.js';
import { TestIdentityProvider } from '../support/test-identity-provider.js';
import { call } from './support/http.js';
import { note } from './support/measurements.js';
import { Seed } from './support/seed.js';
import { type ServiceProcess, startTogether, withServiceOutput } from './support/service-process.js';
import { createThrowawayDatabase, openPool } from './support/throwaway-database.js';

/** Each round is a fresh empty database: the race is over in a second, so it is run more than once. */
const ROUNDS = 3;

describe('two instances started at the same moment on an empty database', () => {
  let idp: TestIdentityProvider;

  beforeAll(async () => {
    idp = await TestIdentityProvider.startHttps();
  });
  afterAll(() => idp?.stop());

  it('both apply the migrations in turn under the advisory lock, each migration once, and both serve', async () => {
    for (let round = 1; round <= ROUNDS; round += 1) {
      const database = await createThrowawayDatabase('ess_resilience_migrate');
      const db = openPool(database.url, 2);
      let services: ServiceProcess[] = [];
      try {
        const started = await startTogether(['instance A', 'instance B'], { databaseUrl: database.url, jwksUri: idp.jwksUri, caFile: idp.caFile });
        services = started.services;
        note('6 concurrent startup', `round ${round}: both ready after ${started.readyMs.join(' ms and ')} ms`);
        await withServiceOutput(
          () => services,
          async () => {
            const applied = await db.query('SELECT name FROM migraciones ORDER BY id');
            expect(applied.rows.map((row) => row.name)).toEqual(migrations.map((migration) => new migration().name));
            const token = await idp.token((await new Seed(db).empleado()).oid);
            for (const service of services) {
              expect((await call(service.url, 'GET', '/api/health/ready')).status).toBe(200);
              expect((await call(service.url, 'GET', '/api/empleados/me', { token })).status).toBe(200);
            }
          },
        );
      } finally {
        await Promise.all(services.map((service) => service.stop()));
        await db.end();
        await database.drop();
      }
    }
  }, 120_000);
});
