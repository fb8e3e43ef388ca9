import { APP_CONFIG } from '../../src/config/app-config.js';
import { randomUUID } from 'node:crypto';
import { importEmpleados } from '../../src/cli/empleados-import.use-case.js';
import type { CambioEmpleado } from '../../src/empleados/entities/historial-empleado.entity.js';
import type { Jornada } from '../../src/jornadas/entities/jornada.entity.js';
import { runInProcess } from '../support/cli.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const HOY = '2026-06-15';
const HEADER = 'correo,nombre,idp_oid,rol,dias_vacaciones,jornada,fecha_alta,fecha_baja';

let sequence = 0;
const persona = () => {
  sequence += 1;
  return { correo: `jornada${sequence}.${randomUUID().slice(0, 8)}@example.com`, idp_oid: randomUUID() };
};
type Persona = ReturnType<typeof persona>;

const row = (p: Persona, jornada = '', alta = '', baja = '') => [p.correo, `Persona ${sequence}`, p.idp_oid, 'Empleado', '22', jornada, alta, baja].join(',');
const file = (...rows: string[]) => `${[HEADER, ...rows].join('\n')}\n`;

describe('empleados:import, the optional columns jornada, fecha_alta and fecha_baja', () => {
  let t: TestApp;
  let cuatroDias: Jornada;
  let media: Jornada;

  beforeAll(async () => {
    t = await startTestApp();
    cuatroDias = await t.factories.jornada({ nombre: 'Semana de cuatro días', horas: [10, 10, 10, 10, 0, 0, 0] });
    media = await t.factories.jornada({ nombre: 'Media jornada', horas: [8, 8, 8, 0, 0, 0, 0] });
  });
  afterAll(() => t.close());

  const importar = (csv: string) => runInProcess((output) => importEmpleados(t.db, { file: 'empleados.csv', csv, hoy: HOY, dryRun: false, config: t.app.get(APP_CONFIG) }, output));
  const asignaciones = async (p: Persona): Promise<{ id_jornada: number; desde: string }[]> =>
    t.db.query(`SELECT ej.id_jornada, ej.desde FROM empleado_jornada ej JOIN empleado e USING (id_empleado) WHERE e.idp_oid = $1 ORDER BY ej.desde`, [p.idp_oid]);
  const fechas = async (p: Persona) => (await t.db.query(`SELECT fecha_alta, fecha_baja FROM empleado WHERE idp_oid = $1`, [p.idp_oid]))[0];
  const historial = async (p: Persona): Promise<CambioEmpleado[][]> =>
    (await t.db.query(`SELECT h.cambios FROM historial_empleado h JOIN empleado e USING (id_empleado) WHERE e.idp_oid = $1 ORDER BY h.id_historial`, [p.idp_oid])).map(
      (entry: { cambios: CambioEmpleado[] }) => entry.cambios,
    );

  it('gives new employees the schedule the cell names, in any case, from the import day, with their dates, recording both', async () => {
    const [ana, luis] = [persona(), persona()];

    const result = await importar(file(row(ana, 'semana de CUATRO días', '2024-03-01', ''), row(luis)));

    expect(result).toEqual({ code: 0, stdout: 'empleados.csv: 2 created, 0 updated, 0 unchanged.', stderr: '' });
    expect(await asignaciones(ana)).toEqual([{ id_jornada: cuatroDias.id_jornada, desde: HOY }]);
    expect(await asignaciones(luis)).toEqual([]);
    expect(await fechas(ana)).toEqual({ fecha_alta: '2024-03-01', fecha_baja: null });
    expect((await historial(ana))[0]).toEqual(
      expect.arrayContaining([
        { campo: 'fecha_alta', anterior: null, nuevo: '2024-03-01' },
        { campo: 'id_jornada', desde: HOY, anterior: null, nuevo: cuatroDias.id_jornada },
      ]),
    );
  });

  it('assigns a schedule to an existing employee only when it is not the one in force, and keeps it for an empty cell', async () => {
    const [ana, luis, eva] = [persona(), persona(), persona()];
    await importar(file(row(ana, 'Media jornada'), row(luis, 'Media jornada'), row(eva, 'Media jornada')));
    await t.db.query(`UPDATE empleado_jornada SET desde = '2026-01-01' WHERE id_jornada = $1`, [media.id_jornada]);

    const result = await importar(file(row(ana, 'Semana de cuatro días'), row(luis, 'media jornada'), row(eva, '')));

    expect(result).toEqual({ code: 0, stdout: 'empleados.csv: 0 created, 1 updated, 2 unchanged.', stderr: '' });
    expect(await asignaciones(ana)).toEqual([
      { id_jornada: media.id_jornada, desde: '2026-01-01' },
      { id_jornada: cuatroDias.id_jornada, desde: HOY },
    ]);
    expect(await asignaciones(luis)).toEqual([{ id_jornada: media.id_jornada, desde: '2026-01-01' }]);
    expect(await asignaciones(eva)).toEqual([{ id_jornada: media.id_jornada, desde: '2026-01-01' }]);
    expect((await historial(ana)).at(-1)).toEqual([{ campo: 'id_jornada', desde: HOY, anterior: media.id_jornada, nuevo: cuatroDias.id_jornada }]);
  });

  it('changes and clears the dates of existing employees', async () => {
    const ana = persona();
    await importar(file(row(ana, '', '2024-03-01', '2026-12-31')));

    const result = await importar(file(row(ana, '', '2024-04-01', '')));

    expect(result.stdout).toBe('empleados.csv: 0 created, 1 updated, 0 unchanged.');
    expect(await fechas(ana)).toEqual({ fecha_alta: '2024-04-01', fecha_baja: null });
  });

  it('deactivates an active employee whose fecha_baja has come, ending their feed key as any leaver, and says so; a later one waits', async () => {
    const [ana, luis] = [persona(), persona()];
    await importar(file(row(ana), row(luis)));
    const [{ id_empleado: idAna }] = await t.db.query(`SELECT id_empleado FROM empleado WHERE idp_oid = $1`, [ana.idp_oid]);
    await t.db.query(`INSERT INTO calendario_enlace (id_empleado, clave_sha256) VALUES ($1, sha256('clave'::bytea))`, [idAna]);

    const result = await importar(file(row(ana, '', '', HOY), row(luis, '', '', '2026-06-16')));

    expect(result).toEqual({
      code: 0,
      stdout: 'empleados.csv: 0 created, 2 updated, 0 unchanged.',
      stderr: `empleados.csv:2: warning: employee ${idAna} left on ${HOY}: deactivated, their role, delegations and calendar feed ended as for any leaver.`,
    });
    expect(await t.db.query(`SELECT idp_oid, activo FROM empleado WHERE idp_oid = ANY($1) ORDER BY id_empleado`, [[ana.idp_oid, luis.idp_oid]])).toEqual([
      { idp_oid: ana.idp_oid, activo: false },
      { idp_oid: luis.idp_oid, activo: true },
    ]);
    expect(await t.db.query(`SELECT 1 FROM calendario_enlace WHERE id_empleado = $1`, [idAna])).toEqual([]);
    expect((await historial(ana)).at(-1)).toEqual([
      { campo: 'fecha_baja', anterior: null, nuevo: HOY },
      { campo: 'activo', anterior: true, nuevo: false },
      { campo: 'enlace_calendario', anterior: true, nuevo: false },
    ]);
    expect((await importar(file(row(ana, '', '', HOY)))).stdout).toBe('empleados.csv: 0 created, 0 updated, 1 unchanged.');
  });

  it('creates a new employee whose fecha_baja has passed already deactivated', async () => {
    const eva = persona();

    expect((await importar(file(row(eva, '', '2020-01-01', '2025-12-31')))).code).toBe(0);

    expect((await t.db.query(`SELECT activo, fecha_baja FROM empleado WHERE idp_oid = $1`, [eva.idp_oid]))[0]).toEqual({ activo: false, fecha_baja: '2025-12-31' });
    expect((await historial(eva))[0]).toEqual(expect.arrayContaining([{ campo: 'activo', anterior: true, nuevo: false }]));
  });

  it('rejects the whole file for an unknown schedule, a bad date or an alta after the baja, each with its line', async () => {
    const [ana, luis, eva, pia] = [persona(), persona(), persona(), persona()];

    const result = await importar(file(row(ana, 'Media jornada'), row(luis, 'Jornada nocturna'), row(eva, '', '2026-02-30'), row(pia, '', '2026-05-02', '2026-05-01')));

    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: [
        'empleados.csv:3: jornada "Jornada nocturna" is no working schedule\'s name.',
        'empleados.csv:4: fecha_alta "2026-02-30" is not a date YYYY-MM-DD.',
        'empleados.csv:5: fecha_alta 2026-05-02 comes after fecha_baja 2026-05-01.',
        'empleados.csv: rejected, 3 errors; nothing was written.',
      ].join('\n'),
    });
    expect(await fechas(ana)).toBeUndefined();
  });

  it("rejects an alta after the employee's stored baja when the file leaves the baja out", async () => {
    const ana = persona();
    await importar(file(row(ana, '', '', '2025-12-31')));

    const result = await importar(`correo,nombre,idp_oid,rol,dias_vacaciones,fecha_alta\n${[ana.correo, 'Ana', ana.idp_oid, 'Empleado', '22', '2026-01-01'].join(',')}\n`);

    expect(result.code).toBe(1);
    expect(result.stderr).toContain('empleados.csv:2: fecha_alta 2026-01-01 comes after fecha_baja 2025-12-31 (as the file leaves it).');
    expect(await fechas(ana)).toEqual({ fecha_alta: null, fecha_baja: '2025-12-31' });
  });
});
