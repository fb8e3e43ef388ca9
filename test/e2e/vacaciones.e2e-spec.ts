import { EstadoSolicitudId } from '../../src/catalogs/estado-solicitud.entity.js';
import { TipoSolicitudId } from '../../src/catalogs/tipo-solicitud.entity.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('GET /api/empleados/me/vacaciones', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const saldo = async (idpOid: string) => t.http.get('/api/empleados/me/vacaciones').set('Authorization', `Bearer ${await t.idp.token(idpOid)}`);

  const solicitud = (idEmpleado: number, tipo: TipoSolicitudId, estado: EstadoSolicitudId, dias: number) =>
    t.db.query(
      `INSERT INTO solicitud (id_empleado, id_tipo_solicitud, id_estado_solicitud, fecha_inicio, fecha_fin, dias_solicitados, fecha_referencia)
       VALUES ($1, $2, $3, '2026-07-06', '2026-07-10', $4, '2026-07-06')`,
      [idEmpleado, tipo, estado, dias],
    );

  it('sums every period and subtracts only the caller’s own pending vacation requests', async () => {
    const empleado = await t.factories.empleado({ vacaciones: { 2026: { asignados: 22, usados: 3 } } });
    // Inserted after the newer year, so only ORDER BY puts it first.
    await t.db.query(`INSERT INTO vacaciones (id_empleado, anio, dias_asignados, dias_usados) VALUES ($1, 2025, 20, 18)`, [empleado.id_empleado]);
    await solicitud(empleado.id_empleado, TipoSolicitudId.Vacaciones, EstadoSolicitudId.Pendiente, 2);
    await solicitud(empleado.id_empleado, TipoSolicitudId.Vacaciones, EstadoSolicitudId.Pendiente, 1.5);
    await solicitud(empleado.id_empleado, TipoSolicitudId.Vacaciones, EstadoSolicitudId.Aprobada, 5);
    await solicitud(empleado.id_empleado, TipoSolicitudId.Vacaciones, EstadoSolicitudId.Rechazada, 4);
    await solicitud(empleado.id_empleado, TipoSolicitudId.Vacaciones, EstadoSolicitudId.Cancelada, 3);
    await solicitud(empleado.id_empleado, TipoSolicitudId.Permiso, EstadoSolicitudId.Pendiente, 1);
    await solicitud(empleado.id_empleado, TipoSolicitudId.Teletrabajo, EstadoSolicitudId.Pendiente, 2);
    const otro = await t.factories.empleado({ vacaciones: { 2026: { asignados: 22 } } });
    await solicitud(otro.id_empleado, TipoSolicitudId.Vacaciones, EstadoSolicitudId.Pendiente, 4);

    const response = await saldo(empleado.idp_oid);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      data: {
        dias_asignados: 42,
        dias_usados: 21,
        dias_pendientes: 3.5,
        dias_disponibles: 17.5,
        periodos: [
          // The pending 2 days of 2026 take last year's 2 left first, then the 1.5 take this year's.
          { anio: 2025, dias_asignados: 20, dias_usados: 18, dias_pendientes: 0, dias_disponibles: 0, caduca: null },
          { anio: 2026, dias_asignados: 22, dias_usados: 3, dias_pendientes: 3.5, dias_disponibles: 17.5, caduca: null },
        ],
      },
    });
  });

  it('keeps fractional days exact instead of drifting like float arithmetic', async () => {
    const empleado = await t.factories.empleado({ vacaciones: { 2026: { asignados: 22.5, usados: 3.3 } } });
    await solicitud(empleado.id_empleado, TipoSolicitudId.Vacaciones, EstadoSolicitudId.Pendiente, 1.1);

    const response = await saldo(empleado.idp_oid);

    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      dias_asignados: 22.5,
      dias_usados: 3.3,
      dias_pendientes: 1.1,
      dias_disponibles: 18.1,
      periodos: [{ anio: 2026, dias_asignados: 22.5, dias_usados: 3.3, dias_pendientes: 1.1, dias_disponibles: 18.1, caduca: null }],
    });
  });

  it('answers zeros and no periods for an employee without any allocation', async () => {
    const empleado = await t.factories.empleado();

    const response = await saldo(empleado.idp_oid);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      data: { dias_asignados: 0, dias_usados: 0, dias_pendientes: 0, dias_disponibles: 0, periodos: [] },
    });
  });

  it('does not shadow GET /api/empleados/me', async () => {
    const empleado = await t.factories.empleado();

    const response = await t.http.get('/api/empleados/me').set('Authorization', `Bearer ${await t.idp.token(empleado.idp_oid)}`);

    expect(response.status).toBe(200);
    expect(response.body.id_empleado).toBe(empleado.id_empleado);
  });

  it('refuses a caller without a token', async () => {
    const response = await t.http.get('/api/empleados/me/vacaciones');

    expect(response.status).toBe(401);
  });
});
