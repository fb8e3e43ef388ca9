import { APP_CONFIG } from '../../src/config/app-config.js';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importEmpleados } from '../../src/cli/empleados-import.use-case.js';
import type { CambioEmpleado } from '../../src/empleados/entities/historial-empleado.entity.js';
import { RolId } from '../../src/catalogs/rol.entity.js';
import { runInProcess, runTool } from '../support/cli.js';
import { currentYear } from '../support/dates.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const HEADER = 'correo,nombre,idp_oid,rol,dias_vacaciones,anio';

interface Persona {
  correo: string;
  nombre: string;
  idp_oid: string;
  rol: string;
  dias: string;
  anio: string;
}

let sequence = 0;

/** A fresh person for a file: unique address and idp_oid, role Empleado, 22 days in 2026. */
function persona(overrides: Partial<Persona> = {}): Persona {
  sequence += 1;
  return { correo: `persona${sequence}.${randomUUID().slice(0, 8)}@example.com`, nombre: `Persona ${sequence}`, idp_oid: randomUUID(), rol: 'Empleado', dias: '22', anio: '2026', ...overrides };
}

const row = (p: Persona) => [p.correo, p.nombre, p.idp_oid, p.rol, p.dias, p.anio].join(',');
const file = (...rows: string[]) => `${[HEADER, ...rows].join('\n')}\n`;
const byCampo = (cambios: CambioEmpleado[]) => [...cambios].sort((a, b) => a.campo.localeCompare(b.campo));

describe('empleados:import', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const importar = (csv: string, dryRun = false) =>
    runInProcess((output) => importEmpleados(t.db, { file: 'empleados.csv', csv, hoy: '2026-06-15', dryRun, config: t.app.get(APP_CONFIG) }, output));

  const empleado = async (idpOid: string) => {
    const [found] = await t.db.query(`SELECT id_empleado, correo, nombre, id_rol, activo FROM empleado WHERE idp_oid = $1`, [idpOid]);
    return found as { id_empleado: number; correo: string; nombre: string; id_rol: number; activo: boolean } | undefined;
  };
  const asignaciones = (idEmpleado: number) =>
    t.db.query(`SELECT anio, dias_asignados::float8 AS dias, dias_usados::float8 AS usados FROM vacaciones WHERE id_empleado = $1 ORDER BY anio`, [idEmpleado]);
  const historial = async (idEmpleado: number) => {
    const rows: { origen: string; id_actor: number | null; cambios: CambioEmpleado[] }[] = await t.db.query(
      `SELECT origen, id_actor, cambios FROM historial_empleado WHERE id_empleado = $1 ORDER BY id_historial`,
      [idEmpleado],
    );
    return rows.map((entry) => ({ ...entry, cambios: byCampo(entry.cambios) }));
  };
  const totals = async () =>
    (
      await t.db.query(
        `SELECT (SELECT count(*)::int FROM empleado) AS empleados, (SELECT count(*)::int FROM vacaciones) AS vacaciones,
                (SELECT count(*)::int FROM historial_empleado) AS historial,
                (SELECT md5(string_agg(e::text, '' ORDER BY id_empleado)) FROM empleado e) AS checksum`,
      )
    )[0];

  it('creates the employees with their roles and allocations, prints the counts and records each creation', async () => {
    const ana = persona({ rol: 'Empleado' });
    const luis = persona({ rol: 'super administrador', dias: '22.5', anio: '' });
    const eva = persona({ rol: '2', idp_oid: randomUUID().toUpperCase(), anio: '2027' });

    const result = await importar(file(row(ana), row(luis), row(eva)));

    expect(result).toEqual({ code: 0, stdout: 'empleados.csv: 3 created, 0 updated, 0 unchanged.', stderr: '' });
    const creada = (await empleado(ana.idp_oid))!;
    expect(creada).toMatchObject({ correo: ana.correo, nombre: ana.nombre, id_rol: RolId.Empleado, activo: true });
    expect((await empleado(luis.idp_oid))!.id_rol).toBe(RolId.SuperAdministrador);
    const evaRow = await empleado(eva.idp_oid.toLowerCase());
    expect(evaRow).toMatchObject({ id_rol: RolId.Administrador });
    await expect(asignaciones(creada.id_empleado)).resolves.toEqual([{ anio: 2026, dias: 22, usados: 0 }]);
    await expect(asignaciones((await empleado(luis.idp_oid))!.id_empleado)).resolves.toEqual([{ anio: 2026, dias: 22.5, usados: 0 }]);
    await expect(asignaciones(evaRow!.id_empleado)).resolves.toEqual([{ anio: 2027, dias: 22, usados: 0 }]);
    await expect(historial(creada.id_empleado)).resolves.toEqual([
      {
        origen: 'importacion',
        id_actor: null,
        cambios: byCampo([
          { campo: 'correo', anterior: null, nuevo: ana.correo },
          { campo: 'nombre', anterior: null, nuevo: ana.nombre },
          { campo: 'idp_oid', anterior: null, nuevo: ana.idp_oid },
          { campo: 'id_rol', anterior: null, nuevo: RolId.Empleado },
          { campo: 'dias_asignados', anio: 2026, anterior: null, nuevo: 22 },
        ]),
      },
    ]);
  });

  it('lets an imported employee sign in at once with their Entra ID token, with the role the file gave', async () => {
    const nora = persona({ nombre: 'Nora Importada' });
    const jefa = persona({ rol: 'Administrador', idp_oid: randomUUID().toUpperCase() });
    await importar(file(row(nora), row(jefa)));

    const me = await t.http.get('/api/empleados/me').set('Authorization', `Bearer ${await t.idp.token(nora.idp_oid)}`);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ correo: nora.correo, nombre: 'Nora Importada', rol: { id_rol: RolId.Empleado, nombre: 'Empleado' } });
    // Tokens carry the oid in lower case, however the file wrote it.
    const admin = await t.http.get('/api/solicitudes/admin/pendientes').set('Authorization', `Bearer ${await t.idp.token(jefa.idp_oid.toLowerCase())}`);
    expect(admin.status).toBe(200);
  });

  it('rejects a file with bad rows, printing every line and reason, and writes nothing', async () => {
    const valid = persona();
    const twin = persona();
    const before = await totals();

    const result = await importar(
      file(
        row(valid),
        row(persona({ nombre: '' })),
        row(persona({ correo: 'no-es-un-correo' })),
        row(persona({ rol: 'Jefe' })),
        row(twin),
        row(persona({ idp_oid: twin.idp_oid })),
        row(persona({ correo: valid.correo.toUpperCase() })),
        row(persona({ idp_oid: 'not-a-guid', dias: '22.125', anio: '1999' })),
        'solo@example.com,Solo',
      ),
    );

    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')).toEqual([
      'empleados.csv:3: nombre is missing.',
      'empleados.csv:4: correo "no-es-un-correo" is not a valid e-mail address.',
      'empleados.csv:5: rol "Jefe" is not a role: expected Empleado, Administrador, Super Administrador, Representante or 1–4.',
      `empleados.csv:7: idp_oid ${twin.idp_oid} is also on line 6: one row per employee.`,
      `empleados.csv:8: correo ${valid.correo.toUpperCase()} is also on line 2 (ignoring case).`,
      'empleados.csv:9: idp_oid "not-a-guid" is not a GUID (the Object ID of the user in Entra ID).',
      'empleados.csv:9: dias_vacaciones "22.125" is not a number from 0 to 365 with at most 2 decimals.',
      'empleados.csv:9: anio "1999" is not a year from 2000 to 2100.',
      'empleados.csv:10: 2 fields where the header has 6.',
      'empleados.csv: rejected, 9 errors; nothing was written.',
    ]);
    await expect(totals()).resolves.toEqual(before);
  });

  it('rejects a name holding a control character (a NUL, or a line break inside quotes) with its line', async () => {
    const before = await totals();
    const result = await importar(file(row(persona({ nombre: 'Ana\u0000García' })), row(persona({ nombre: '"Luis\nPérez"' }))));
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n').slice(0, 2)).toEqual([
      'empleados.csv:2: nombre "Ana\\u0000García" holds a control character (a line break, a tab, a NUL).',
      'empleados.csv:3: nombre "Luis\\nPérez" holds a control character (a line break, a tab, a NUL).',
    ]);
    await expect(totals()).resolves.toEqual(before);
  });

  it('rejects a header with an unknown column or without a required one', async () => {
    const result = await importar('correo,nombre,idp_oid,dias_vacaciones,telefono\nana@example.com,Ana,0f8a4c3e-5b7d-4f1a-9c2e-6d3b8a1f0e47,22,600\n');

    expect(result.code).toBe(1);
    expect(result.stderr.split('\n')).toEqual([
      'empleados.csv:1: header: unknown column "telefono". Expected the columns correo,nombre,idp_oid,rol,dias_vacaciones,anio,correo_responsable,centro_trabajo,fecha_alta,fecha_baja,jornada (anio, correo_responsable, centro_trabajo, fecha_alta, fecha_baja and jornada optional).',
      'empleados.csv:1: header: missing column "rol". Expected the columns correo,nombre,idp_oid,rol,dias_vacaciones,anio,correo_responsable,centro_trabajo,fecha_alta,fecha_baja,jornada (anio, correo_responsable, centro_trabajo, fecha_alta, fecha_baja and jornada optional).',
      'empleados.csv: rejected, 2 errors; nothing was written.',
    ]);
  });

  it('rejects an address held by an employee who is not in the file, and an allocation below the days already used', async () => {
    const holder = await t.factories.empleado();
    const conUso = await t.factories.empleado({ vacaciones: { 2026: { asignados: 22, usados: 10 } } });
    const before = await totals();

    const result = await importar(
      file(
        row(persona({ correo: holder.correo.toUpperCase() })),
        row(persona({ correo: conUso.correo, nombre: conUso.nombre, idp_oid: conUso.idp_oid, dias: '9.5' })),
      ),
    );

    expect(result.code).toBe(1);
    expect(result.stderr.split('\n')).toEqual([
      `empleados.csv:2: correo ${holder.correo.toUpperCase()} already belongs to employee ${holder.id_empleado} (idp_oid ${holder.idp_oid}), who is not in the file.`,
      'empleados.csv:3: dias_vacaciones 9.5 is less than the 10 days already used in 2026.',
      'empleados.csv: rejected, 2 errors; nothing was written.',
    ]);
    await expect(totals()).resolves.toEqual(before);
    await expect(asignaciones(conUso.id_empleado)).resolves.toEqual([{ anio: 2026, dias: 22, usados: 10 }]);
  });

  it('refuses to take the role from the last active Super Administrador, and allows it when the file names another', async () => {
    await t.db.query(`UPDATE empleado SET id_rol = ${RolId.Administrador} WHERE id_rol = ${RolId.SuperAdministrador}`);
    const sara = persona({ rol: 'Super Administrador' });
    await importar(file(row(sara)));
    const before = await totals();

    const refused = await importar(file(row({ ...sara, rol: 'Empleado' })));

    expect(refused).toEqual({
      code: 1,
      stdout: '',
      stderr: [
        'empleados.csv:2: takes the Super Administrador role from the last active one: nobody could change roles any more.',
        'empleados.csv: rejected, 1 error; nothing was written.',
      ].join('\n'),
    });
    await expect(totals()).resolves.toEqual(before);
    const relevo = persona({ rol: 'Super Administrador' });
    expect((await importar(file(row({ ...sara, rol: 'Empleado' }), row(relevo)))).code).toBe(0);
    expect((await empleado(sara.idp_oid))!.id_rol).toBe(RolId.Empleado);
  });

  it('reports nothing new when the same file is imported again', async () => {
    const csv = file(row(persona()), row(persona({ rol: '3', dias: '0' })));
    await expect(importar(csv)).resolves.toMatchObject({ code: 0, stdout: 'empleados.csv: 2 created, 0 updated, 0 unchanged.' });
    const before = await totals();

    const result = await importar(csv);

    expect(result).toEqual({ code: 0, stdout: 'empleados.csv: 0 created, 0 updated, 2 unchanged.', stderr: '' });
    await expect(totals()).resolves.toEqual(before);
  });

  it('updates what changed, records old and new values, and leaves employees absent from the file alone', async () => {
    const same = persona();
    const changing = persona({ rol: 'Empleado', dias: '22' });
    const absent = await t.factories.empleado({ vacaciones: { 2026: { asignados: 30 } } });
    await importar(file(row(same), row(changing)));
    const absentBefore = await t.db.query(`SELECT e::text FROM empleado e WHERE id_empleado = $1`, [absent.id_empleado]);
    const nuevo = persona();
    const changed = { ...changing, nombre: 'Nombre Nuevo', rol: 'Administrador', dias: '25.5' };

    const result = await importar(file(row(same), row(changed), row(nuevo)));

    expect(result).toEqual({ code: 0, stdout: 'empleados.csv: 1 created, 1 updated, 1 unchanged.', stderr: '' });
    const updated = (await empleado(changing.idp_oid))!;
    expect(updated).toMatchObject({ nombre: 'Nombre Nuevo', id_rol: RolId.Administrador, correo: changing.correo });
    await expect(asignaciones(updated.id_empleado)).resolves.toEqual([{ anio: 2026, dias: 25.5, usados: 0 }]);
    const entries = await historial(updated.id_empleado);
    expect(entries).toHaveLength(2);
    expect(entries[1]).toEqual({
      origen: 'importacion',
      id_actor: null,
      cambios: byCampo([
        { campo: 'nombre', anterior: changing.nombre, nuevo: 'Nombre Nuevo' },
        { campo: 'id_rol', anterior: RolId.Empleado, nuevo: RolId.Administrador },
        { campo: 'dias_asignados', anio: 2026, anterior: 22, nuevo: 25.5 },
      ]),
    });
    await expect(historial((await empleado(same.idp_oid))!.id_empleado)).resolves.toHaveLength(1);
    await expect(t.db.query(`SELECT e::text FROM empleado e WHERE id_empleado = $1`, [absent.id_empleado])).resolves.toEqual(absentBefore);
    await expect(asignaciones(absent.id_empleado)).resolves.toEqual([{ anio: 2026, dias: 30, usados: 0 }]);
  });

  it('adds a missing allocation for another year to an existing employee', async () => {
    const existing = await t.factories.empleado({ vacaciones: { 2026: { asignados: 22 } } });

    const result = await importar(file(row({ correo: existing.correo, nombre: existing.nombre, idp_oid: existing.idp_oid, rol: '1', dias: '23', anio: '2027' })));

    expect(result.stdout).toBe('empleados.csv: 0 created, 1 updated, 0 unchanged.');
    await expect(asignaciones(existing.id_empleado)).resolves.toEqual([
      { anio: 2026, dias: 22, usados: 0 },
      { anio: 2027, dias: 23, usados: 0 },
    ]);
    await expect(historial(existing.id_empleado)).resolves.toEqual([
      { origen: 'importacion', id_actor: null, cambios: [{ campo: 'dias_asignados', anio: 2027, anterior: null, nuevo: 23 }] },
    ]);
  });

  it('lets two employees in the file swap their addresses, and a new one take an address given up', async () => {
    const a = await t.factories.empleado();
    const b = await t.factories.empleado();
    const c = await t.factories.empleado();
    const newcomer = persona({ correo: c.correo });
    const asPersona = (e: typeof a, correo: string) => ({ correo, nombre: e.nombre, idp_oid: e.idp_oid, rol: '1', dias: '22', anio: '2026' });

    const result = await importar(
      file(row(asPersona(a, b.correo)), row(asPersona(b, a.correo)), row(asPersona(c, `nueva.${c.correo}`)), row(newcomer)),
    );

    expect(result).toMatchObject({ code: 0, stdout: 'empleados.csv: 1 created, 3 updated, 0 unchanged.' });
    await expect(empleado(a.idp_oid)).resolves.toMatchObject({ correo: b.correo });
    await expect(empleado(b.idp_oid)).resolves.toMatchObject({ correo: a.correo });
    await expect(empleado(c.idp_oid)).resolves.toMatchObject({ correo: `nueva.${c.correo}` });
    await expect(empleado(newcomer.idp_oid)).resolves.toMatchObject({ correo: c.correo });
  });

  it('updates an inactive employee with a warning and does not reactivate them', async () => {
    const inactive = await t.factories.empleado({ activo: false });

    const result = await importar(file(row({ correo: inactive.correo, nombre: 'Otra Persona', idp_oid: inactive.idp_oid, rol: '1', dias: '10', anio: '2026' })));

    expect(result).toEqual({
      code: 0,
      stdout: 'empleados.csv: 0 created, 1 updated, 0 unchanged.',
      stderr: `empleados.csv:2: warning: employee ${inactive.id_empleado} is inactive: the import updates them but does not reactivate them.`,
    });
    await expect(empleado(inactive.idp_oid)).resolves.toMatchObject({ nombre: 'Otra Persona', activo: false });
  });

  it('with --dry-run checks and counts everything, says so, and writes nothing', async () => {
    const existing = await t.factories.empleado({ vacaciones: { 2026: { asignados: 22 } } });
    const before = await totals();

    const result = await importar(file(row(persona()), row({ correo: existing.correo, nombre: 'Cambiado', idp_oid: existing.idp_oid, rol: '1', dias: '22', anio: '2026' })), true);

    expect(result).toEqual({ code: 0, stdout: 'empleados.csv: 1 created, 1 updated, 0 unchanged (dry run: rolled back, nothing was written).', stderr: '' });
    await expect(totals()).resolves.toEqual(before);
  });

  it('imports a 10,000-row file, then finds it all unchanged', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => row(persona({ correo: `masivo${i}.${randomUUID().slice(0, 8)}@example.com`, rol: String(1 + (i % 3)), dias: String(20 + (i % 8) / 4) })));
    const csv = file(...rows);
    const before = await totals();

    await expect(importar(csv)).resolves.toEqual({ code: 0, stdout: 'empleados.csv: 10000 created, 0 updated, 0 unchanged.', stderr: '' });

    const after = await totals();
    expect([after.empleados - before.empleados, after.vacaciones - before.vacaciones, after.historial - before.historial]).toEqual([10_000, 10_000, 10_000]);
    await expect(importar(csv)).resolves.toMatchObject({ code: 0, stdout: 'empleados.csv: 0 created, 0 updated, 10000 unchanged.' });
  }, 120_000);

  it('refuses a file of more than 50,000 rows, naming the first row past the limit, and writes nothing', async () => {
    const rows = Array.from({ length: 50_001 }, () => row(persona()));
    const before = await totals();

    await expect(importar(file(...rows))).resolves.toEqual({
      code: 1,
      stdout: '',
      stderr: expect.stringMatching(/^empleados\.csv:50002: the file has 50001 employee rows; a file takes at most 50000: split it into several files\.\n/),
    });

    expect(await totals()).toEqual(before);
  });

  describe('the command', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ess-import-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('reads CRLF, a byte order mark, quoted fields and blank lines, exits 0 and prints the counts', async () => {
      const oids = [randomUUID(), randomUUID()];
      const path = join(dir, 'empleados.csv');
      writeFileSync(
        path,
        '\uFEFFidp_oid,Correo,nombre,rol,dias_vacaciones\r\n' +
          `${oids[0]},luis.${oids[0]!.slice(0, 8)}@example.com,"Pérez, Luis ""Lucho""",Administrador,22\r\n` +
          '\r\n' +
          `${oids[1]},"marta.${oids[1]!.slice(0, 8)}@example.com","Ruiz, Marta",Súper Administrador,20.5\r\n`,
      );

      const result = await runTool('empleados-import', [path]);

      expect(result).toEqual({ code: 0, stdout: `${path}: 2 created, 0 updated, 0 unchanged.\n`, stderr: '' });
      await expect(empleado(oids[0]!)).resolves.toMatchObject({ nombre: 'Pérez, Luis "Lucho"', id_rol: RolId.Administrador });
      const marta = (await empleado(oids[1]!))!;
      expect(marta).toMatchObject({ nombre: 'Ruiz, Marta', id_rol: RolId.SuperAdministrador });
      await expect(asignaciones(marta.id_empleado)).resolves.toEqual([{ anio: currentYear(), dias: 20.5, usados: 0 }]);
    }, 60_000);

    it('exits 1 on a rejected file, printing each bad line and no stack trace', async () => {
      const path = join(dir, 'malo.csv');
      writeFileSync(path, file(row(persona({ correo: 'x' })), row(persona({ rol: '5' }))));

      const result = await runTool('empleados-import', [path]);

      expect(result).toEqual({
        code: 1,
        stdout: '',
        stderr: [
          `${path}:2: correo "x" is not a valid e-mail address.`,
          `${path}:3: rol "5" is not a role: expected Empleado, Administrador, Super Administrador, Representante or 1–4.`,
          `${path}: rejected, 2 errors; nothing was written.`,
          '',
        ].join('\n'),
      });
    }, 60_000);

    it('exits 2 with the usage when the file is missing from the arguments', async () => {
      const result = await runTool('empleados-import', ['--dry-run']);

      expect(result.code).toBe(2);
      expect(result.stderr).toBe('Missing the CSV file.\nUsage: npm run empleados:import -- <file.csv> [--dry-run]\nRun with --help for the details.\n');
    }, 60_000);

    it('exits 1 with advice when the embedded database is held by a running service', async () => {
      const dataDir = join(dir, 'data');
      mkdirSync(join(dataDir, 'pgdata'), { recursive: true });
      // This test process stands in for the running service.
      writeFileSync(join(dataDir, 'pgdata', 'ess-api.lock'), String(process.pid));
      const path = join(dir, 'uno.csv');
      writeFileSync(path, file(row(persona())));

      const result = await runTool('empleados-import', [path], { DATABASE_URL: undefined, DATA_DIR: dataDir });

      expect(result).toEqual({
        code: 1,
        stdout: '',
        stderr: `Embedded database ${join(dataDir, 'pgdata')} is in use by process ${process.pid}: stop the service first, or set DATABASE_URL to work on a database server.\n`,
      });
    }, 60_000);
  });
});
