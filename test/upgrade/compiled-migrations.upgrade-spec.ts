import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import type pg from 'pg';
import { DataSource } from 'typeorm';
import { runMigrationsWithLock } from '../../src/database/migrate.js';
import { buildDataSourceOptions } from '../../src/schema/data-source-options.js';
import { migrations } from '../../src/schema/migrations/index.js';
import { SCHEMA_FINGERPRINT_SQL } from '../support/schema-fingerprint.js';
import { TEST_AUDIENCE, TEST_ISSUER, TestIdentityProvider } from '../support/test-identity-provider.js';
import { waitFor } from '../support/wait-for.js';
import { call } from '../resilience/support/http.js';
import { Seed } from '../resilience/support/seed.js';
import { ServiceProcess, withServiceOutput } from '../resilience/support/service-process.js';
import { createThrowawayDatabase, openPool, type ThrowawayDatabase } from '../resilience/support/throwaway-database.js';

const TOOL = resolve('dist/cli/migraciones.js');
const NEWEST = migrations.at(-1)!.name;
const PREVIOUS = migrations.at(-2)!.name;
/** A migration of a version newer than this build. */
const FUTURE = 'Futura4102444800000';

/**
 * The migrations as the production image has them: compiled into dist/, run by plain `node` (the image has
 * no tsx and no TypeScript), with the production environment the service itself gets.
 */
describe('the compiled migrations in production mode', () => {
  let idp: TestIdentityProvider;
  let database: ThrowawayDatabase;
  let db: pg.Pool;
  let service: ServiceProcess | undefined;

  const options = () => ({ databaseUrl: database.url, jwksUri: idp.jwksUri, caFile: idp.caFile });
  const appliedMigrations = async (): Promise<string[]> => (await db.query('SELECT name FROM migraciones ORDER BY id')).rows.map((row) => row.name);
  const fingerprint = async (): Promise<string[]> => (await db.query(SCHEMA_FINGERPRINT_SQL)).rows.map((row) => row.item);
  const tool = (command: string) =>
    spawnSync(process.execPath, [TOOL, command], {
      encoding: 'utf8',
      timeout: 60_000,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        DATABASE_URL: database.url,
        AUTH_ISSUER_BASE_URL: TEST_ISSUER,
        AUTH_AUDIENCE: TEST_AUDIENCE,
        AUTH_JWKS_URI: idp.jwksUri,
        FILES_SIGNING_KEY: 'upgrade-files-signing-key-0123456789',
      },
    });

  beforeAll(async () => {
    idp = await TestIdentityProvider.startHttps();
    database = await createThrowawayDatabase('ess_upgrade_migrations');
    db = openPool(database.url);
    const migrating = await new DataSource(buildDataSourceOptions({ url: database.url, poolSize: 1 })).initialize();
    await runMigrationsWithLock(migrating);
    await migrating.destroy();
  }, 120_000);

  afterEach(() => service?.stop());

  afterAll(async () => {
    await db?.end();
    await database?.drop();
    await idp?.stop();
  });

  it('`node dist/cli/migraciones.js revert` undoes the newest migration, and the next start applies it again', async () => {
    const migrated = await fingerprint();

    const reverted = tool('revert');

    expect({ status: reverted.status, stdout: reverted.stdout, stderr: reverted.stderr }).toEqual({ status: 0, stdout: `Reverted ${NEWEST}.\n`, stderr: '' });
    expect((await appliedMigrations()).at(-1)).toBe(PREVIOUS);
    expect(await fingerprint()).not.toEqual(migrated);
    expect(tool('show').stdout.split('\n').slice(-3)).toEqual([`[x] ${PREVIOUS}`, `[ ] ${NEWEST}`, '']);

    service = await ServiceProcess.start('start after the revert', options());

    expect((await appliedMigrations()).at(-1)).toBe(NEWEST);
    expect(await fingerprint()).toEqual(migrated);
  });

  it('on a database a newer version migrated, the service starts without migrating, says so in one warning, and serves', async () => {
    await db.query('INSERT INTO migraciones (timestamp, name) VALUES ($1, $2)', [Number(FUTURE.slice(-13)), FUTURE]);
    try {
      const before = await appliedMigrations();
      service = ServiceProcess.spawn('older than its database', options());
      const warnings = service.watch(/migrated by a newer version/);
      await service.ready();

      await withServiceOutput(
        () => [service!],
        async () => {
          // Log lines are buffered and reach stdout within a second.
          const token = await idp.token((await new Seed(db).empleado()).oid);
          expect((await call(service!.url, 'GET', '/api/empleados/me', { token })).status).toBe(200);
          await waitFor(() => warnings.length > 0);
          expect(warnings).toHaveLength(1);
          expect(warnings[0]).toContain(`1 migration(s) this version does not know, newest ${FUTURE}`);
          expect(await appliedMigrations()).toEqual(before);
          expect(tool('show').stdout.split('\n').slice(-2)).toEqual([`[?] ${FUTURE}`, '']);
        },
      );
    } finally {
      await db.query('DELETE FROM migraciones WHERE name = $1', [FUTURE]);
    }
  });

  it('on a database of another line (a migration it does not know, its own newest missing) the service refuses to start, in one line, and migrates nothing', async () => {
    const [newest] = (await db.query('DELETE FROM migraciones WHERE name = $1 RETURNING timestamp, name', [NEWEST])).rows;
    await db.query('INSERT INTO migraciones (timestamp, name) VALUES ($1, $2)', [Number(FUTURE.slice(-13)), FUTURE]);
    try {
      const before = await appliedMigrations();
      service = ServiceProcess.spawn('another line', options());
      const refusals = service.watch(/does not know/);

      expect((await service.exited).code).toBe(1);
      expect(refusals).toEqual([
        `The database has migrations this version does not know (${FUTURE}) and lacks some it has (${NEWEST}): it was migrated by a version of another line. Nothing was migrated; start the version that migrated it, or restore the database.`,
      ]);
      expect(service.report()).not.toMatch(/\n\s+at /);
      expect(await appliedMigrations()).toEqual(before);
    } finally {
      await db.query('DELETE FROM migraciones WHERE name = $1', [FUTURE]);
      await db.query('INSERT INTO migraciones (timestamp, name) VALUES ($1, $2)', [newest.timestamp, newest.name]);
    }
  });
});
