import { join } from 'node:path';
import type pg from 'pg';
import { currentYear, mondayInWeeks } from '../support/dates.js';
import { TestIdentityProvider } from '../support/test-identity-provider.js';
import { call } from '../resilience/support/http.js';
import { ESTADO_APROBADA, ROL_ADMINISTRADOR, ROL_EMPLEADO, Seed } from '../resilience/support/seed.js';
import { ServiceProcess, withServiceOutput } from '../resilience/support/service-process.js';
import { createThrowawayDatabase, openPool, type ThrowawayDatabase } from '../resilience/support/throwaway-database.js';
import { answered, mainReads } from './support/smoke.js';
import { findPreviousRelease, prepareRelease, type PreparedRelease } from './support/previous-release.js';

const PREPARE_TIMEOUT_MS = 600_000;

const note = (text: string) => process.stderr.write(`[upgrade] ${text}\n`);

/**
 * An upgrade as it happens in production: the current version starts and migrates the database while
 * the previous release still serves on it, so the previous release must work on the migrated schema.
 */
describe('the previous release beside the current version, on a database the current version migrated', () => {
  let release: PreparedRelease;
  let idp: TestIdentityProvider;
  let database: ThrowawayDatabase;
  let db: pg.Pool;
  let seed: Seed;
  let current: ServiceProcess;
  let previous: ServiceProcess;
  let migratedByCurrent: string[];

  const appliedMigrations = async (): Promise<string[]> => (await db.query('SELECT name FROM migraciones ORDER BY id')).rows.map((row) => row.name);
  const run = (body: () => Promise<void>) => withServiceOutput(() => [current, previous].filter(Boolean), body);

  beforeAll(async () => {
    const found = findPreviousRelease(process.cwd());
    const started = Date.now();
    release = prepareRelease(process.cwd(), found);
    note(
      `previous release ${release.name} (${release.commit.slice(0, 12)}, found by ${release.foundBy}): ` +
        `install ${release.install} ${release.installMs} ms, build ${release.buildMs} ms, prepared in ${Date.now() - started} ms`,
    );
    idp = await TestIdentityProvider.startHttps();
    database = await createThrowawayDatabase('ess_upgrade');
    db = openPool(database.url);
    seed = new Seed(db);
    const options = { databaseUrl: database.url, jwksUri: idp.jwksUri, caFile: idp.caFile };
    current = await ServiceProcess.start('current version', options);
    migratedByCurrent = await appliedMigrations();
    previous = await ServiceProcess.start(`previous release ${release.name}`, { ...options, entry: join(release.dir, 'dist', 'main.js'), cwd: release.dir });
  }, PREPARE_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all([current?.stop(), previous?.stop()]);
    await db?.end();
    await database?.drop();
    await idp?.stop();
    release?.remove();
  });

  it('the previous release starts on the migrated schema without migrating it', () =>
    run(async () => {
      expect(migratedByCurrent.length).toBeGreaterThan(0);
      expect(await appliedMigrations()).toEqual(migratedByCurrent);
      expect((await call(previous.url, 'GET', '/api/health/ready')).status).toBe(200);
    }));

  describe.each([
    ['the previous release', 'the current version'],
    ['the current version', 'the previous release'],
  ])('an employee on %s, an administrator on %s', (employeeSide, adminSide) => {
    const versions = () => ({ employeeOn: employeeSide === 'the current version' ? current : previous, adminOn: adminSide === 'the current version' ? current : previous });

    it('a vacation request is created on one, approved on the other, and both show it approved, with the balance, the notice and the documents', () =>
      run(async () => {
        const { employeeOn, adminOn } = versions();
        const owner = await seed.empleado(ROL_EMPLEADO, { [currentYear()]: 22, [currentYear() + 1]: 22 });
        const admin = await seed.empleado(ROL_ADMINISTRADOR);
        await db.query(`INSERT INTO documento (id_empleado, titulo, url) VALUES ($1, 'Nómina de prueba', 'https://archivo.example.org/nomina.pdf')`, [owner.id]);
        const ownerToken = await idp.token(owner.oid);
        const adminToken = await idp.token(admin.oid);
        const dia = mondayInWeeks(employeeOn === previous ? 3 : 5);

        const created = answered(await call(employeeOn.url, 'POST', '/api/solicitudes/vacaciones', { token: ownerToken, body: { fecha_inicio: dia, fecha_fin: dia } }), `create on ${employeeOn.name}`, 201);
        answered(await call(adminOn.url, 'PUT', `/api/solicitudes/${created.id_solicitud}/aprobar`, { token: adminToken, body: {} }), `approve on ${adminOn.name}`, 200);

        for (const service of [employeeOn, adminOn]) {
          const reads = await mainReads(service, ownerToken);
          expect(reads['/api/empleados/me']).toMatchObject({ id_empleado: owner.id });
          expect(reads['/api/solicitudes'].data).toEqual([expect.objectContaining({ id_solicitud: created.id_solicitud, id_estado_solicitud: ESTADO_APROBADA })]);
          expect(reads['/api/empleados/me/vacaciones'].data).toMatchObject({ dias_asignados: 44, dias_usados: 1 });
          expect(reads['/api/notificaciones'].data).toHaveLength(1);
          expect(reads['/api/documentos'].data).toEqual([expect.objectContaining({ titulo: 'Nómina de prueba' })]);
        }
      }));

    it('the employee clocks in on one and the register holds the clocking', () =>
      run(async () => {
        const { employeeOn } = versions();
        const owner = await seed.empleado(ROL_EMPLEADO);

        answered(await call(employeeOn.url, 'POST', '/api/fichajes', { token: await idp.token(owner.oid), body: { tipo: 'entrada' } }), `clock in on ${employeeOn.name}`, 201);

        expect((await db.query('SELECT count(*)::int AS n FROM fichaje WHERE id_empleado = $1', [owner.id])).rows).toEqual([{ n: 1 }]);
      }));
  });

  describe('a migration that breaks the rule', () => {
    it('renaming a column the previous release reads fails its smoke test, naming the read', () =>
      run(async () => {
        const owner = await seed.empleado(ROL_EMPLEADO);
        const token = await idp.token(owner.oid);
        await db.query('ALTER TABLE solicitud RENAME COLUMN descripcion TO descripcion_nueva');
        try {
          await expect(mainReads(previous, token)).rejects.toThrow(`GET /api/solicitudes on ${previous.name}: expected 200, got 500`);
        } finally {
          await db.query('ALTER TABLE solicitud RENAME COLUMN descripcion_nueva TO descripcion');
        }
        await expect(mainReads(previous, token)).resolves.toBeDefined();
      }));
  });
});
