import { APP_CONFIG } from '../../src/config/app-config.js';
import { randomUUID } from 'node:crypto';
import type { CentroTrabajo } from '../../src/centros-trabajo/entities/centro-trabajo.entity.js';
import { importEmpleados } from '../../src/cli/empleados-import.use-case.js';
import type { CambioEmpleado } from '../../src/empleados/entities/historial-empleado.entity.js';
import { runInProcess } from '../support/cli.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const HEADER = 'correo,nombre,idp_oid,rol,dias_vacaciones,centro_trabajo';

let sequence = 0;
const persona = () => {
  sequence += 1;
  return { correo: `centro${sequence}.${randomUUID().slice(0, 8)}@example.com`, idp_oid: randomUUID() };
};
type Persona = ReturnType<typeof persona>;

const row = (p: Persona, centro = '') => [p.correo, `Persona ${sequence}`, p.idp_oid, 'Empleado', '22', centro].join(',');
const file = (header: string, ...rows: string[]) => `${[header, ...rows].join('\n')}\n`;

describe('empleados:import, the optional column centro_trabajo', () => {
  let t: TestApp;
  let madrid: CentroTrabajo;
  let barcelona: CentroTrabajo;

  beforeAll(async () => {
    t = await startTestApp();
    madrid = await t.factories.centroTrabajo({ codigo: 'MAD' });
    barcelona = await t.factories.centroTrabajo({ codigo: 'BCN' });
  });
  afterAll(() => t.close());

  const importar = (csv: string) => runInProcess((output) => importEmpleados(t.db, { file: 'empleados.csv', csv, hoy: '2026-06-15', dryRun: false, config: t.app.get(APP_CONFIG) }, output));
  const centroDe = async (p: Persona) => (await t.db.query(`SELECT id_centro_trabajo FROM empleado WHERE idp_oid = $1`, [p.idp_oid]))[0]?.id_centro_trabajo;
  const historial = async (p: Persona): Promise<CambioEmpleado[][]> =>
    (await t.db.query(`SELECT h.cambios FROM historial_empleado h JOIN empleado e USING (id_empleado) WHERE e.idp_oid = $1 ORDER BY h.id_historial`, [p.idp_oid])).map(
      (entry: { cambios: CambioEmpleado[] }) => entry.cambios,
    );

  it("puts new employees in the centre whose code the cell gives, in any case, and none for an empty cell, recording it", async () => {
    const [ana, luis, eva] = [persona(), persona(), persona()];

    const result = await importar(file(HEADER, row(ana, 'mad'), row(luis, ' BCN '), row(eva, '')));

    expect(result).toEqual({ code: 0, stdout: 'empleados.csv: 3 created, 0 updated, 0 unchanged.', stderr: '' });
    expect([await centroDe(ana), await centroDe(luis), await centroDe(eva)]).toEqual([madrid.id_centro_trabajo, barcelona.id_centro_trabajo, null]);
    expect((await historial(ana))[0]).toContainEqual({ campo: 'id_centro_trabajo', anterior: null, nuevo: madrid.id_centro_trabajo });
    expect((await historial(eva))[0].map((cambio) => cambio.campo)).not.toContain('id_centro_trabajo');
  });

  it('moves, clears or (without the column) keeps the centre of existing employees, counting and recording each change', async () => {
    const [ana, luis, eva, pia] = [persona(), persona(), persona(), persona()];
    await importar(file(HEADER, row(ana, 'MAD'), row(luis, 'MAD'), row(eva, 'MAD'), row(pia, 'MAD')));

    const cambios = await importar(file(HEADER, row(ana, 'BCN'), row(luis, ''), row(eva, 'mad')));
    const sinColumna = await importar(file('correo,nombre,idp_oid,rol,dias_vacaciones', row(pia).split(',').slice(0, 5).join(',')));

    expect(cambios).toEqual({ code: 0, stdout: 'empleados.csv: 0 created, 2 updated, 1 unchanged.', stderr: '' });
    expect(sinColumna.code).toBe(0);
    expect([await centroDe(ana), await centroDe(luis), await centroDe(eva), await centroDe(pia)]).toEqual([
      barcelona.id_centro_trabajo,
      null,
      madrid.id_centro_trabajo,
      madrid.id_centro_trabajo,
    ]);
    expect((await historial(ana))[1]).toEqual([{ campo: 'id_centro_trabajo', anterior: madrid.id_centro_trabajo, nuevo: barcelona.id_centro_trabajo }]);
    expect((await historial(luis))[1]).toEqual([{ campo: 'id_centro_trabajo', anterior: madrid.id_centro_trabajo, nuevo: null }]);
  });

  it('rejects the whole file when a code names no centre, with the line', async () => {
    const [ana, luis] = [persona(), persona()];

    const result = await importar(file(HEADER, row(ana, 'MAD'), row(luis, 'SVQ')));

    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: ['empleados.csv:3: centro_trabajo "SVQ" is no work centre\'s code.', 'empleados.csv: rejected, 1 error; nothing was written.'].join('\n'),
    });
    expect(await centroDe(ana)).toBeUndefined();
  });
});
