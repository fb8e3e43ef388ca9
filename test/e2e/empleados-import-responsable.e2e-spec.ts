import { APP_CONFIG } from '../../src/config/app-config.js';
import { randomUUID } from 'node:crypto';
import { importEmpleados } from '../../src/cli/empleados-import.use-case.js';
import type { CambioEmpleado } from '../../src/empleados/entities/historial-empleado.entity.js';
import { runInProcess } from '../support/cli.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const HEADER = 'correo,nombre,idp_oid,rol,dias_vacaciones,correo_responsable';

interface Persona {
  correo: string;
  idp_oid: string;
}

let sequence = 0;
function persona(): Persona {
  sequence += 1;
  return { correo: `jefes${sequence}.${randomUUID().slice(0, 8)}@example.com`, idp_oid: randomUUID() };
}

const row = (p: Persona, responsable = '', dias = '22') => [p.correo, `Persona ${p.correo.slice(0, 7)}`, p.idp_oid, 'Empleado', dias, responsable].join(',');
const file = (...rows: string[]) => `${[HEADER, ...rows].join('\n')}\n`;

describe('empleados:import, the optional column correo_responsable', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const importar = (csv: string) => runInProcess((output) => importEmpleados(t.db, { file: 'empleados.csv', csv, hoy: '2026-06-15', dryRun: false, config: t.app.get(APP_CONFIG) }, output));
  const idOf = async (p: Persona) => (await t.db.query(`SELECT id_empleado FROM empleado WHERE idp_oid = $1`, [p.idp_oid]))[0]?.id_empleado as number | undefined;
  const responsableOf = async (p: Persona) => (await t.db.query(`SELECT id_responsable FROM empleado WHERE idp_oid = $1`, [p.idp_oid]))[0]?.id_responsable;
  const historial = async (p: Persona) => {
    const rows: { cambios: CambioEmpleado[] }[] = await t.db.query(
      `SELECT h.cambios FROM historial_empleado h JOIN empleado e USING (id_empleado) WHERE e.idp_oid = $1 ORDER BY h.id_historial`,
      [p.idp_oid],
    );
    return rows.map((entry) => entry.cambios);
  };
  const count = async () => (await t.db.query(`SELECT count(*)::int AS n FROM empleado`))[0].n;

  it('resolves the manager within the file first, whatever the order, then the database, and records it on creation', async () => {
    const enBase = await t.factories.empleado();
    const [jefa, ana, luis, sinJefe] = [persona(), persona(), persona(), persona()];

    const result = await importar(file(row(ana, jefa.correo.toUpperCase()), row(jefa, enBase.correo), row(luis, ana.correo), row(sinJefe)));

    expect(result).toEqual({ code: 0, stdout: 'empleados.csv: 4 created, 0 updated, 0 unchanged.', stderr: '' });
    expect(await responsableOf(ana)).toBe(await idOf(jefa));
    expect(await responsableOf(jefa)).toBe(enBase.id_empleado);
    expect(await responsableOf(luis)).toBe(await idOf(ana));
    expect(await responsableOf(sinJefe)).toBeNull();
    expect((await historial(ana))[0].map((cambio) => cambio.campo)).toEqual(['nombre', 'correo', 'idp_oid', 'id_rol', 'id_responsable', 'dias_asignados']);
    expect((await historial(ana))[0]).toContainEqual({ campo: 'id_responsable', anterior: null, nuevo: await idOf(jefa) });
    expect((await historial(sinJefe))[0].map((cambio) => cambio.campo)).not.toContain('id_responsable');
  });

  it('changes, clears or (without the column) keeps the manager of existing employees, counting and recording each change', async () => {
    const [jefa, otra, ana, luis, eva] = [persona(), persona(), persona(), persona(), persona()];
    await importar(file(row(jefa), row(otra), row(ana, jefa.correo), row(luis, jefa.correo), row(eva, jefa.correo)));

    const result = await importar(file(row(jefa), row(otra), row(ana, otra.correo), row(luis), row(eva, jefa.correo)));
    const sinColumna = await importar(`correo,nombre,idp_oid,rol,dias_vacaciones\n${row(eva).split(',').slice(0, 5).join(',')}\n`);

    expect(result).toEqual({ code: 0, stdout: 'empleados.csv: 0 created, 2 updated, 3 unchanged.', stderr: '' });
    expect(await responsableOf(ana)).toBe(await idOf(otra));
    expect(await responsableOf(luis)).toBeNull();
    expect(sinColumna.code).toBe(0);
    expect(await responsableOf(eva)).toBe(await idOf(jefa));
    expect((await historial(ana)).at(-1)).toEqual([{ campo: 'id_responsable', anterior: await idOf(jefa), nuevo: await idOf(otra) }]);
    expect((await historial(luis)).at(-1)).toEqual([{ campo: 'id_responsable', anterior: await idOf(jefa), nuevo: null }]);
    expect(await historial(eva)).toHaveLength(1);
  });

  it('rejects an unknown, an invalid or the own address, and an address the file takes from its holder, each on its line', async () => {
    const holder = await t.factories.empleado();
    const [ana, luis, eva, nuevoHolder] = [persona(), persona(), persona(), persona()];
    const before = await count();

    const result = await importar(
      file(
        row(ana, 'nadie@example.com'),
        row(luis, 'no es correo'),
        row(eva, eva.correo),
        row({ correo: `otra.${holder.correo}`, idp_oid: holder.idp_oid }),
        row(nuevoHolder, holder.correo),
      ),
    );

    expect(result.code).toBe(1);
    expect(result.stderr.split('\n')).toEqual([
      "empleados.csv:2: correo_responsable nadie@example.com is no employee's address, in the file or the database.",
      'empleados.csv:3: correo_responsable "no es correo" is not a valid e-mail address.',
      "empleados.csv:4: correo_responsable is the employee's own address: nobody is their own manager.",
      `empleados.csv:6: correo_responsable ${holder.correo} is no employee's address, in the file or the database.`,
      'empleados.csv: rejected, 4 errors; nothing was written.',
    ]);
    expect(await count()).toBe(before);
  });

  it('rejects a cycle inside the file, naming its lines, and writes nothing', async () => {
    const [a, b, c, d] = [persona(), persona(), persona(), persona()];
    const before = await count();

    const result = await importar(file(row(a, b.correo), row(b, c.correo), row(c, a.correo), row(d, a.correo)));

    expect(result.code).toBe(1);
    expect(result.stderr.split('\n')).toEqual([
      'empleados.csv:2: correo_responsable makes a cycle: the employee would be their own manager through the chain.',
      'empleados.csv:3: correo_responsable makes a cycle: the employee would be their own manager through the chain.',
      'empleados.csv:4: correo_responsable makes a cycle: the employee would be their own manager through the chain.',
      'empleados.csv: rejected, 3 errors; nothing was written.',
    ]);
    expect(await count()).toBe(before);
  });

  it('rejects a chain of more than 100 managers on the line of the employee too far down', async () => {
    const cadena = Array.from({ length: 102 }, () => persona());

    const result = await importar(file(...cadena.map((p, index) => row(p, index ? cadena[index - 1]!.correo : ''))));

    expect(result.code).toBe(1);
    expect(result.stderr.split('\n')).toEqual([
      'empleados.csv:103: correo_responsable makes a chain of more than 100 managers.',
      'empleados.csv: rejected, 1 error; nothing was written.',
    ]);
  });

  it('rejects a cycle closed through a manager outside the file', async () => {
    const [ana] = [persona()];
    await importar(file(row(ana)));
    const fuera = await t.factories.empleado({ idResponsable: await idOf(ana) });

    const result = await importar(file(row(ana, fuera.correo)));

    expect(result.code).toBe(1);
    expect(result.stderr).toContain('empleados.csv:2: correo_responsable makes a cycle');
    expect(await responsableOf(ana)).toBeNull();
  });
});
