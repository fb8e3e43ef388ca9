import type pg from 'pg';
import { TestIdentityProvider } from '../support/test-identity-provider.js';
import { waitFor } from '../support/wait-for.js';
import { Seed } from './support/seed.js';
import { ServiceProcess, withServiceOutput } from './support/service-process.js';
import { createThrowawayDatabase, openPool, type ThrowawayDatabase } from './support/throwaway-database.js';

/** The compiled service in production mode writes JSON logs to stdout; a calendar feed's key is not in them. */
describe('production logs of a calendar feed request', () => {
  let idp: TestIdentityProvider;
  let database: ThrowawayDatabase;
  let service: ServiceProcess;
  let db: pg.Pool;

  beforeAll(async () => {
    idp = await TestIdentityProvider.startHttps();
    database = await createThrowawayDatabase('ess_resilience');
    service = await ServiceProcess.start('instance', { databaseUrl: database.url, jwksUri: idp.jwksUri, caFile: idp.caFile, env: { LOG_LEVEL: 'info' } });
    db = openPool(database.url);
  }, 90_000);
  afterAll(async () => {
    await service?.stop();
    await db?.end();
    await database?.drop();
    await idp?.stop();
  });

  it('show the feed URL with its key redacted', () =>
    withServiceOutput(
      () => [service],
      async () => {
        const output = service.watch(/./);
        const token = await idp.token((await new Seed(db).empleado()).oid);
        const created = await fetch(`${service.url}/api/calendario/enlace`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
        expect(created.status).toBe(201);
        const key = new URL(((await created.json()) as { data: { url: string } }).data.url).searchParams.get('clave')!;

        expect((await fetch(`${service.url}/api/calendario.ics?clave=${key}`)).status).toBe(200);

        // Production buffers log lines and writes them at least every second.
        await waitFor(() => output.some((line) => line.includes('"url":"/api/calendario.ics')), 3_000);
        expect(output.join('\n')).not.toContain(key);
        expect(output.filter((line) => line.includes('"url":"/api/calendario.ics?clave=[redacted]"'))).toHaveLength(1);
      },
    ),
  );
});
