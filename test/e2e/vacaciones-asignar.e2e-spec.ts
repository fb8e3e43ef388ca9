import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asignarVacaciones } from '../../src/cli/vacaciones-asignar.use-case.js';
import { runInProcess, runTool } from '../support/cli.js';
import { asignarJornada, fijarContrato } from '../support/contrato.factory.js';
import { startTestApp, type TestApp, truncateAll } from '../support/test-app.js';
import { migrations } from '../../src/schema/migrations/index.js';

describe('vacaciones:asignar', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  beforeEach(() => truncateAll(process.env.DATABASE_URL!));
  afterAll(() => t.close());

  const asignar = (anio: number, dias: number, soloActivos = false, prorrateo = false) =>
    runInProcess((output) => asignarVacaciones(t.db, { anio, dias, soloActivos, prorrateo }, output));

  /** Each employee's allocation for the year, null when they have none. */
  const asignaciones = async (anio: number, ...ids: number[]) => {
    const rows: { dias: number | null }[] = await t.db.query(
      `SELECT v.dias_asignados::float8 AS dias FROM unnest($1::int[]) WITH ORDINALITY AS e (id, n)
         LEFT JOIN vacaciones v ON v.id_empleado = e.id AND v.anio = $2 ORDER BY e.n`,
      [ids, anio],
    );
    return rows.map((row) => row.dias);
  };
  const historial = () => t.db.query(`SELECT id_empleado, origen, id_actor, cambios FROM historial_empleado ORDER BY id_empleado`);

  it('creates the allocation only for employees without one for that year, and records each creation', async () => {
    const conAsignacion = await t.factories.empleado({ vacaciones: { 2027: { asignados: 25 } } });
    const sinAsignacion = await t.factories.empleado({ vacaciones: { 2026: { asignados: 22 } } });
    const inactivo = await t.factories.empleado({ activo: false });

    const result = await asignar(2027, 20);

    expect(result).toEqual({ code: 0, stdout: '2027: 20 days allocated to 2 employees; 1 already had an allocation.', stderr: '' });
    await expect(asignaciones(2027, conAsignacion.id_empleado, sinAsignacion.id_empleado, inactivo.id_empleado)).resolves.toEqual([25, 20, 20]);
    await expect(asignaciones(2026, sinAsignacion.id_empleado)).resolves.toEqual([22]);
    const cambios = [{ campo: 'dias_asignados', anio: 2027, anterior: null, nuevo: 20 }];
    await expect(historial()).resolves.toEqual([
      { id_empleado: sinAsignacion.id_empleado, origen: 'asignacion', id_actor: null, cambios },
      { id_empleado: inactivo.id_empleado, origen: 'asignacion', id_actor: null, cambios },
    ]);
  });

  it('changes nothing when run a second time', async () => {
    const a = await t.factories.empleado();
    const b = await t.factories.empleado();
    await asignar(2028, 22.5);
    const history = await historial();

    const result = await asignar(2028, 30);

    expect(result).toEqual({ code: 0, stdout: '2028: 30 days allocated to 0 employees; 2 already had an allocation.', stderr: '' });
    await expect(asignaciones(2028, a.id_empleado, b.id_empleado)).resolves.toEqual([22.5, 22.5]);
    await expect(historial()).resolves.toEqual(history);
  });

  it('with --solo-activos leaves inactive employees without an allocation', async () => {
    const activo = await t.factories.empleado();
    const inactivo = await t.factories.empleado({ activo: false });

    const result = await asignar(2029, 1, true);

    expect(result.stdout).toBe('2029: 1 day allocated to 1 active employee; 0 already had an allocation.');
    await expect(asignaciones(2029, activo.id_empleado, inactivo.id_empleado)).resolves.toEqual([1, null]);
  });

  describe('with --prorrateo', () => {
    it("gives each employee without an allocation their share by schedule and employment dates, and records it as prorated", async () => {
      const completo = await t.factories.empleado();
      const parcial = await t.factories.empleado();
      await asignarJornada(t.db, parcial.id_empleado, [8, 8, 8, 0, 0, 0, 0], '2026-06-01');
      const contratado = await t.factories.empleado();
      await fijarContrato(t.db, contratado.id_empleado, '2027-07-01');
      const yaAsignado = await t.factories.empleado({ vacaciones: { 2027: { asignados: 25 } } });
      const despedido = await t.factories.empleado();
      await fijarContrato(t.db, despedido.id_empleado, '2019-01-01', '2026-12-31');

      const result = await asignar(2027, 22, false, true);

      expect(result).toEqual({ code: 0, stdout: '2027: 22 days, prorated, allocated to 3 employees; 1 already had an allocation; 1 was not employed that year.', stderr: '' });
      const ids = [completo, parcial, contratado, yaAsignado, despedido].map((empleado) => empleado.id_empleado);
      await expect(asignaciones(2027, ...ids)).resolves.toEqual([22, 13, 11, 25, null]);
      const cambios = (nuevo: number) => [{ campo: 'dias_asignados', anio: 2027, anterior: null, nuevo, dias_sin_prorrateo: 22 }];
      await expect(historial()).resolves.toEqual([
        { id_empleado: completo.id_empleado, origen: 'asignacion', id_actor: null, cambios: cambios(22) },
        { id_empleado: parcial.id_empleado, origen: 'asignacion', id_actor: null, cambios: cambios(13) },
        { id_empleado: contratado.id_empleado, origen: 'asignacion', id_actor: null, cambios: cambios(11) },
      ]);
    });

    it('writes nothing when a share would exceed 365 days', async () => {
      const seisDias = await t.factories.empleado();
      await asignarJornada(t.db, seisDias.id_empleado, [8, 8, 8, 8, 8, 8, 8], '2027-01-01');
      const otro = await t.factories.empleado();

      const result = await asignar(2027, 300, false, true);

      expect(result).toEqual({ code: 1, stdout: '', stderr: `300 days prorated for employee ${seisDias.id_empleado} give 420, more than 365; nothing was written.` });
      await expect(asignaciones(2027, seisDias.id_empleado, otro.id_empleado)).resolves.toEqual([null, null]);
      await expect(historial()).resolves.toEqual([]);
    });

    it('exits 0 from the command and prints what it did', async () => {
      const parcial = await t.factories.empleado();
      await asignarJornada(t.db, parcial.id_empleado, [10, 10, 10, 10, 0, 0, 0], '2020-01-01');

      const result = await runTool('vacaciones-asignar', ['--anio', '2030', '--dias', '22', '--prorrateo']);

      expect(result).toEqual({ code: 0, stdout: '2030: 22 days, prorated, allocated to 1 employee; 0 already had an allocation; 0 were not employed that year.\n', stderr: '' });
      await expect(asignaciones(2030, parcial.id_empleado)).resolves.toEqual([17.5]);
    }, 60_000);

    it('documents the rounding in its usage', async () => {
      const result = await runTool('vacaciones-asignar', ['--help']);

      expect(result.code).toBe(0);
      expect(result.stdout).toContain('rounded to the nearest half day, a quarter rounding up (13.2 → 13, 13.25 → 13.5, 13.74 → 13.5, 13.75 → 14)');
    }, 60_000);
  });

  describe('the command', () => {
    it('exits 0 and prints what it did', async () => {
      const empleado = await t.factories.empleado();

      const result = await runTool('vacaciones-asignar', ['--anio', '2030', '--dias=21', '--solo-activos']);

      expect(result).toEqual({ code: 0, stdout: '2030: 21 days allocated to 1 active employee; 0 already had an allocation.\n', stderr: '' });
      await expect(asignaciones(2030, empleado.id_empleado)).resolves.toEqual([21]);
    }, 60_000);

    it.each([
      [['--dias', '20'], 'Missing --anio.'],
      [['--anio', '1999', '--dias', '20'], '--anio must be a year from 2000 to 2100, not "1999".'],
      [['--anio', '2027', '--dias', '1e1'], '--dias must be a number from 0 to 365 with at most 2 decimals, not "1e1".'],
      [['--anio', '2027', '--dias', '20', '--todos'], "Unknown option '--todos'."],
      [['--anio', '2027', '--dias'], "Option '--dias <value>' argument missing."],
    ])('exits 2 with the usage for %j', async (args, message) => {
      const result = await runTool('vacaciones-asignar', args);

      expect(result).toEqual({
        code: 2,
        stdout: '',
        stderr: `${message}\nUsage: npm run vacaciones:asignar -- --anio <YYYY> --dias <n> [--solo-activos] [--prorrateo]\nRun with --help for the details.\n`,
      });
    }, 60_000);

    it('applies the migrations to a fresh embedded database before it runs', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'ess-data-'));
      try {
        const result = await runTool('vacaciones-asignar', ['--anio', '2031', '--dias', '20'], { DATABASE_URL: undefined, DATA_DIR: dataDir });

        expect(result.code).toBe(0);
        expect(result.stdout).toBe('2031: 20 days allocated to 0 employees; 0 already had an allocation.\n');
        expect(result.stderr).toBe(`Applied migrations: ${migrations.map((migration) => new migration().name).join(', ')}\n`);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 120_000);
  });
});
