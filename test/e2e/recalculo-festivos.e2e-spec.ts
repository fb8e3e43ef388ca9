import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { APP_CONFIG } from '../../src/config/app-config.js';
import { importFestivos } from '../../src/cli/festivos-import.use-case.js';
import { runInProcess } from '../support/cli.js';
import { insertVacacionAprobada } from '../support/solicitud.factory.js';
import { useCalendarioWorld } from '../support/calendario-world.js';

/** Monday 4 to Friday 8 August 2031, and the week after. */
const SEMANA = { fecha_inicio: '2031-08-04', fecha_fin: '2031-08-08' };
const OTRA_SEMANA = { fecha_inicio: '2031-08-11', fecha_fin: '2031-08-15' };

describe('Recount when holidays change: pending and approved-not-begun requests follow, taken days never', () => {
  const w = useCalendarioWorld();

  const pedir = (empleado: Empleado, fechas: object = SEMANA) => w.pedirVacaciones(empleado, fechas);
  const aprobar = async (id: number) => expect((await w.t.http.put(`/api/solicitudes/${id}/aprobar`).set('Authorization', await w.bearer(w.admin)).send({})).status).toBe(200);
  const dias = async (id: number) => Number((await w.t.db.query('SELECT dias_solicitados FROM solicitud WHERE id_solicitud = $1', [id]))[0].dias_solicitados);
  const usados = async (empleado: Empleado) =>
    Number((await w.t.db.query('SELECT dias_usados FROM vacaciones WHERE id_empleado = $1 AND anio = 2031', [empleado.id_empleado]))[0].dias_usados);
  const avisos = async (empleado: Empleado) =>
    (await w.t.http.get('/api/notificaciones').set('Authorization', await w.bearer(empleado))).body.data
      .filter((n: { tipo: { codigo: string } }) => n.tipo.codigo === 'RECALCULO')
      .map((n: { mensaje: string }) => n.mensaje);

  it('a national holiday added takes a day off every pending and approved week over it, and removing it puts the day back', async () => {
    const [ana, luis] = [await w.empleadoEn(w.madrid), await w.empleadoEn(w.barcelona)];
    const pendiente = await pedir(ana);
    const aprobada = await pedir(luis);
    await aprobar(aprobada);

    const id = await w.festivo({ fecha: '2031-08-06', nombre: 'Fiesta de prueba' });

    expect([await dias(pendiente), await dias(aprobada), await usados(luis)]).toEqual([4, 4, 4]);
    expect(await avisos(luis)).toEqual([
      'Tu solicitud de vacaciones del 04/08/2031 al 08/08/2031 cuenta ahora 4 días (antes 5 días): se ha añadido el festivo «Fiesta de prueba» del 06/08/2031.',
    ]);

    expect((await w.t.http.delete(`/api/dias-festivos/${id}`).set('Authorization', await w.bearer(w.admin))).status).toBe(200);

    expect([await dias(pendiente), await dias(aprobada), await usados(luis)]).toEqual([5, 5, 5]);
    expect((await avisos(ana))[0]).toBe(
      'Tu solicitud de vacaciones del 04/08/2031 al 08/08/2031 cuenta ahora 5 días (antes 4 días): se ha eliminado el festivo «Fiesta de prueba» del 06/08/2031.',
    );
  });

  it("a community's holiday reaches that community's employees only; a local one, that centre's", async () => {
    const [ana, luis] = [await w.empleadoEn(w.madrid), await w.empleadoEn(w.barcelona)];
    const deAna = await pedir(ana, OTRA_SEMANA);
    const deLuis = await pedir(luis, OTRA_SEMANA);

    await w.festivo({ fecha: '2031-08-12', nombre: 'Fiesta catalana de prueba', ambito: 'autonomico', comunidad_autonoma: 'ES-CT' });
    expect([await dias(deAna), await dias(deLuis)]).toEqual([5, 4]);

    await w.festivo({ fecha: '2031-08-13', nombre: 'Fiesta local de Madrid', ambito: 'local', id_centro_trabajo: w.madrid.id_centro_trabajo });
    expect([await dias(deAna), await dias(deLuis)]).toEqual([4, 4]);
  });

  it('moving a holiday to another date recounts both weeks', async () => {
    const centro = await w.t.factories.centroTrabajo({ comunidad_autonoma: 'ES-MD' });
    const ana = await w.empleadoEn(centro);
    const primera = await pedir(ana, { fecha_inicio: '2031-09-01', fecha_fin: '2031-09-05' });
    const segunda = await pedir(ana, { fecha_inicio: '2031-09-08', fecha_fin: '2031-09-12' });
    const id = await w.festivo({ fecha: '2031-09-03', nombre: 'Fiesta movida', ambito: 'local', id_centro_trabajo: centro.id_centro_trabajo });
    expect([await dias(primera), await dias(segunda)]).toEqual([4, 5]);

    const movido = await w.t.http
      .put(`/api/dias-festivos/${id}`)
      .set('Authorization', await w.bearer(w.admin))
      .send({ fecha: '2031-09-10', nombre: 'Fiesta movida', ambito: 'local', id_centro_trabajo: centro.id_centro_trabajo });

    expect(movido.status).toBe(200);
    expect([await dias(primera), await dias(segunda)]).toEqual([5, 4]);
  });

  it('a year imported, and a CSV file through the CLI, recount the requests over their new days', async () => {
    const centro = await w.t.factories.centroTrabajo({ comunidad_autonoma: 'ES-MD' });
    const ana = await w.t.factories.empleado({ idCentroTrabajo: centro.id_centro_trabajo, vacaciones: { 2032: { asignados: 22 } } });
    // Monday 6 to Friday 10 December 2032: the Constitution (Monday 6) and the Immaculate Conception (Wednesday 8) are national.
    const puente = await pedir(ana, { fecha_inicio: '2032-12-06', fecha_fin: '2032-12-10' });
    expect(await dias(puente)).toBe(5);

    const importado = await w.t.http.post('/api/dias-festivos/importar').set('Authorization', await w.bearer(w.admin)).send({ anio: 2032 });
    expect(importado.status).toBe(200);
    expect(await dias(puente)).toBe(3);

    const resultado = await runInProcess((output) =>
      importFestivos(w.t.db, { file: 'festivos.csv', csv: `fecha,nombre,ambito,centro_trabajo\n2032-12-07,Fiesta local,local,${centro.codigo}\n`, config: w.t.app.get(APP_CONFIG) }, output),
    );
    expect(resultado.code).toBe(0);
    expect(await dias(puente)).toBe(2);
    const [ultima] = (await w.t.db.query('SELECT id_actor, comentario FROM historial_solicitud WHERE id_solicitud = $1 ORDER BY id_historial DESC LIMIT 1', [puente]));
    expect(ultima).toEqual({ id_actor: null, comentario: 'Días recalculados de 3 a 2: se han importado festivos desde un archivo CSV.' });
  });

  it('an approved week that has begun is never recounted', async () => {
    const ana = await w.t.factories.empleado({ idCentroTrabajo: w.madrid.id_centro_trabajo, vacaciones: { 2026: { asignados: 22 } } });
    const tomada = await insertVacacionAprobada(w.t.db, ana.id_empleado, { fechaInicio: '2026-01-12', fechaFin: '2026-01-16', dias: 5 });
    await w.festivo({ fecha: '2026-01-14', nombre: 'Festivo retroactivo', ambito: 'local', id_centro_trabajo: w.madrid.id_centro_trabajo });
    expect(await dias(tomada)).toBe(5);
    expect(await avisos(ana)).toEqual([]);
  });
});
