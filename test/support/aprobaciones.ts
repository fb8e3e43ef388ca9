import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import type { TestApp } from './test-app.js';

/** Calls of the approval routes, as `who`. */
export function approvalCalls(t: TestApp) {
  const auth = async (who: Empleado) => `Bearer ${await t.idp.token(who.idp_oid)}`;
  return {
    decide: async (who: Empleado, id: number, action: 'aprobar' | 'rechazar', body: object = {}) =>
      t.http.put(`/api/solicitudes/${id}/${action}`).set('Authorization', await auth(who)).send(body),
    waitingOn: async (who: Empleado, query = '') => t.http.get(`/api/solicitudes/equipo/pendientes${query}`).set('Authorization', await auth(who)),
    history: async (who: Empleado, id: number) => t.http.get(`/api/solicitudes/${id}/historial`).set('Authorization', await auth(who)),
    create: async (who: Empleado, tipo: string, body: object) => t.http.post(`/api/solicitudes/${tipo}`).set('Authorization', await auth(who)).send(body),
    /** SOLICITUD_NUEVA notifications of a request, as `[recipient, titulo, id_remitente]`, by recipient. */
    newRequestNotices: async (idSolicitud: number): Promise<[number, string, number][]> =>
      (
        await t.db.query(
          `SELECT n.id_usuario, n.titulo, n.id_remitente FROM notificacion n JOIN tipo_notificacion tn USING (id_tipo_notificacion)
            WHERE tn.codigo = 'SOLICITUD_NUEVA' AND n.id_solicitud = $1 ORDER BY n.id_usuario, n.id_notificacion`,
          [idSolicitud],
        )
      ).map((row: { id_usuario: number; titulo: string; id_remitente: number }) => [row.id_usuario, row.titulo, row.id_remitente]),
    usedDays: async (idEmpleado: number): Promise<number> => {
      const [row] = await t.db.query(`SELECT coalesce(sum(dias_usados), 0)::float AS usados FROM vacaciones WHERE id_empleado = $1`, [idEmpleado]);
      return row.usados;
    },
    state: async (id: number): Promise<{ id_estado_solicitud: number; paso_aprobacion: string | null }> =>
      (await t.db.query(`SELECT id_estado_solicitud, paso_aprobacion FROM solicitud WHERE id_solicitud = $1`, [id]))[0],
  };
}

export const ROLE_FORBIDDEN_BODY = { message: 'No tienes permisos para acceder a este recurso.' };
