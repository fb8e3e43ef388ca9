import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { ResumenAvisosService } from '../../src/fichajes/resumen-avisos.service.js';
import { addDays, today } from '../support/dates.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const MESES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** Last month in the test apps' time zone (UTC), as `YYYY-MM`, its first and last day, and as a sentence says it. */
function mesPasado() {
  const primeroDeEste = `${today().slice(0, 7)}-01`;
  const ultimo = addDays(primeroDeEste, -1);
  const mes = ultimo.slice(0, 7);
  return { mes, primero: `${mes}-01`, ultimo, enFrase: `${MESES[Number(mes.slice(5)) - 1]} de ${mes.slice(0, 4)}` };
}

describe('RESUMEN_JORNADA: on the 1st, everyone employed last month is told its summary is ready', () => {
  let t: TestApp;
  let tick = 0;

  beforeAll(async () => {
    t = await startTestApp({ env: { RESUMEN_JORNADA_CRON: 'off' } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.query('TRUNCATE notificacion');
  });

  const run = (lote?: number) => t.app.get(ResumenAvisosService).run(`2030-01-01T00:${String((tick += 1) % 60).padStart(2, '0')}-${tick}`, lote);
  const avisosDe = async (ids: number[]): Promise<{ id_usuario: number; titulo: string; mensaje: string; mes: string }[]> =>
    t.db.query(
      `SELECT n.id_usuario, n.titulo, n.mensaje, to_char(n.mes_resumen, 'YYYY-MM') AS mes FROM notificacion n JOIN tipo_notificacion tn USING (id_tipo_notificacion)
        WHERE tn.codigo = 'RESUMEN_JORNADA' AND n.id_usuario = ANY ($1::int[]) ORDER BY n.id_usuario`,
      [ids],
    );
  const conFechas = async (nombre: string, fechaAlta: string | null, fechaBaja: string | null): Promise<Empleado> => {
    const empleado = await t.factories.empleado({ nombre });
    await t.db.query('UPDATE empleado SET fecha_alta = $2, fecha_baja = $3 WHERE id_empleado = $1', [empleado.id_empleado, fechaAlta, fechaBaja]);
    return empleado;
  };

  it('tells each employee of last month once, in batches, even when run again; not those who left before it or joined after it', async () => {
    const pasado = mesPasado();
    const siempre = await conFechas('Siempre Aquí', null, null);
    const seFueEnElMes = await conFechas('Se Fue', '2020-01-01', pasado.ultimo);
    const llegoElUltimoDia = await conFechas('Llegó Tarde', pasado.ultimo, null);
    const seFueAntes = await conFechas('Antigua', '2020-01-01', addDays(pasado.primero, -1));
    const llegoDespues = await conFechas('Recién Llegada', addDays(pasado.ultimo, 1), null);
    const ids = [siempre, seFueEnElMes, llegoElUltimoDia, seFueAntes, llegoDespues].map((empleado) => empleado.id_empleado);

    const primera = await run(1);
    const segunda = await run(2);

    expect(primera).toMatchObject({ ejecutado: true, mes: pasado.mes });
    expect(primera.avisados).toBeGreaterThanOrEqual(3);
    expect(segunda).toEqual({ ejecutado: true, mes: pasado.mes, avisados: 0 });
    const mensaje = `Tu resumen de jornada de ${pasado.enFrase} está disponible.`;
    expect(await avisosDe(ids)).toEqual(
      [siempre, seFueEnElMes, llegoElUltimoDia].map((empleado) => ({ id_usuario: empleado.id_empleado, titulo: 'Resumen de jornada disponible', mensaje, mes: pasado.mes })),
    );
  });

  it('runs a tick once across instances: the second claim of the same key does nothing', async () => {
    const service = t.app.get(ResumenAvisosService);
    await t.factories.empleado();

    const [una, otra] = await Promise.all([service.run('2030-02-01T08:00'), service.run('2030-02-01T08:00')]);

    expect([una.ejecutado, otra.ejecutado].sort()).toEqual([false, true]);
  });

  it('shows in GET /api/notificaciones with its type and the month the SPA opens', async () => {
    const ana = await t.factories.empleado();
    await run();

    const response = await t.http.get('/api/notificaciones').set('Authorization', `Bearer ${await t.idp.token(ana.idp_oid)}`);

    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([
      expect.objectContaining({
        titulo: 'Resumen de jornada disponible',
        tipo: { codigo: 'RESUMEN_JORNADA', nombre: 'Resumen de jornada' },
        remitente: null,
        solicitud: null,
        resumen: { mes: mesPasado().mes },
      }),
    ]);
  });
});
