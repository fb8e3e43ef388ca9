import { jest } from '@jest/globals';
import { EntityManager } from 'typeorm';
import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { useCalendarioWorld } from '../support/calendario-world.js';

/** Monday 4 to Friday 8 August 2031; the holidays fall on its Wednesday. */
const SEMANA = { fecha_inicio: '2031-08-04', fecha_fin: '2031-08-08' };

/** A recount reads every employee's calendar at once: each must still count as their own request would. */
describe('Recount of many employees in one change (issue 21)', () => {
  const w = useCalendarioWorld();

  const pedir = (empleado: Empleado, fechas: object = SEMANA) => w.pedirVacaciones(empleado, fechas);
  const festivo = (body: object) => w.festivo({ nombre: 'Fiesta de prueba', ...body });
  const dias = async (ids: number[]) =>
    (await w.t.db.query('SELECT dias_solicitados FROM solicitud WHERE id_solicitud = ANY ($1) ORDER BY array_position($1, id_solicitud)', [ids])).map(
      (fila: { dias_solicitados: string }) => Number(fila.dias_solicitados),
    );
  const recuentos = async (id: number) => Number((await w.t.db.query(`SELECT count(*) AS n FROM historial_solicitud WHERE id_solicitud = $1 AND comentario LIKE 'Días recalculados%'`, [id]))[0].n);

  it('a national holiday recounts each employee by their own centre, community and schedule', async () => {
    // Catalonia drops the national day of 6 August 2031: its employees keep working it.
    await festivo({ fecha: '2031-08-06', ambito: 'autonomico', comunidad_autonoma: 'ES-CT', excluye_nacional: true });
    const lunesAMiercoles = await w.t.factories.jornada({ horas: [8, 8, 8, 0, 0, 0, 0] });
    const cuatroDias = await w.t.factories.jornada({ horas: [10, 10, 10, 10, 0, 0, 0] });
    const [ana, luis, eva, pepe, rosa] = [await w.empleadoEn(w.madrid), await w.empleadoEn(w.barcelona), await w.empleadoEn(null), await w.empleadoEn(w.madrid), await w.empleadoEn(w.madrid)];
    await w.t.factories.asignarJornada(pepe.id_empleado, lunesAMiercoles.id_jornada, '2031-01-01');
    // Rosa works Monday to Friday until Wednesday, then four days a week from Thursday 7 August.
    await w.t.factories.asignarJornada(rosa.id_empleado, cuatroDias.id_jornada, '2031-08-07');
    const solicitudes = [await pedir(ana), await pedir(luis), await pedir(eva), await pedir(pepe), await pedir(rosa)];
    expect(await dias(solicitudes)).toEqual([5, 5, 5, 3, 4]);

    await festivo({ fecha: '2031-08-06' });

    expect(await dias(solicitudes)).toEqual([4, 5, 4, 2, 3]);
    expect(await Promise.all(solicitudes.map(recuentos))).toEqual([1, 0, 1, 1, 1]);
  });

  it('the statements a recount runs do not grow with the pending requests it recounts', async () => {
    const sentencias = jest.spyOn(EntityManager.prototype, 'query');
    /** How many statements adding a national holiday on `fecha` runs, the request's own (auth, insert) included. */
    const alAnadir = async (fecha: string) => {
      sentencias.mockClear();
      await festivo({ fecha });
      return sentencias.mock.calls.length;
    };
    const pedirVarios = async (cuantos: number, fechas: object) => {
      const ids: number[] = [];
      for (let k = 0; k < cuantos; k += 1) ids.push(await pedir(await w.empleadoEn(k % 2 ? w.madrid : null), fechas));
      return ids;
    };
    try {
      const dos = await pedirVarios(2, { fecha_inicio: '2031-09-01', fecha_fin: '2031-09-05' });
      const doce = await pedirVarios(12, { fecha_inicio: '2031-09-08', fecha_fin: '2031-09-12' });
      await alAnadir('2031-09-17');

      const paraDos = await alAnadir('2031-09-03');
      const paraDoce = await alAnadir('2031-09-10');

      expect(await dias([...dos, ...doce])).toEqual(Array(14).fill(4));
      expect(paraDoce).toBe(paraDos);
    } finally {
      sentencias.mockRestore();
    }
  });
});
