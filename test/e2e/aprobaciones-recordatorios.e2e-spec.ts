import { RecordatoriosService } from '../../src/recordatorios/recordatorios.service.js';
import { today } from '../support/dates.js';
import { insertDelegacion } from '../support/delegacion.factory.js';
import { insertSolicitud } from '../support/solicitud.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('pending-approval reminders with APROBACION=responsable', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { REMINDER_CRON: 'off', APROBACION: 'responsable' } });
  });
  afterAll(() => t.close());

  const overdue = async (idEmpleado: number, days: number) => {
    const id = await insertSolicitud(t.db, idEmpleado);
    await t.db.query(`UPDATE solicitud SET fecha_creacion = now() - make_interval(days => $2) WHERE id_solicitud = $1`, [id, days]);
    return id;
  };

  it('go to whoever the overdue requests wait on, each told of their own count and oldest', async () => {
    const admin = await t.factories.admin();
    const jefe = await t.factories.empleado();
    const delegado = await t.factories.empleado();
    const otroJefe = await t.factories.empleado();
    await insertDelegacion(t.db, jefe.id_empleado, delegado.id_empleado, today(), today());
    const ana = await t.factories.empleado({ idResponsable: jefe.id_empleado });
    const oldest = await overdue(ana.id_empleado, 9);
    await overdue(ana.id_empleado, 3);
    await overdue((await t.factories.empleado({ idResponsable: otroJefe.id_empleado })).id_empleado, 1);
    const sinJefe = await overdue((await t.factories.empleado()).id_empleado, 5);

    expect(await t.app.get(RecordatoriosService).run('2030-01-02T09:00')).toEqual({ ejecutado: true, pendientes: 3, notificados: 3 });

    const sent = await t.db.query(
      `SELECT n.id_usuario, n.mensaje, n.id_solicitud FROM notificacion n JOIN tipo_notificacion tn USING (id_tipo_notificacion)
        WHERE tn.codigo = 'RECORDATORIO' ORDER BY n.id_usuario`,
    );
    const forManager = { mensaje: `Hay 2 solicitudes pendientes desde hace más de 2 días. La más antigua es la número ${oldest}.`, id_solicitud: oldest };
    expect(sent).toEqual(
      [
        { id_usuario: admin.id_empleado, mensaje: `Hay 1 solicitud pendiente desde hace más de 2 días. La más antigua es la número ${sinJefe}.`, id_solicitud: sinJefe },
        { id_usuario: jefe.id_empleado, ...forManager },
        { id_usuario: delegado.id_empleado, ...forManager },
      ].sort((a, b) => a.id_usuario - b.id_usuario),
    );
  });
});
