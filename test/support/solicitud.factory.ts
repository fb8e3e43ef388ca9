import type { DataSource } from 'typeorm';
import { mondayInWeeks } from './dates.js';
import type { TestApp } from './test-app.js';

export interface SolicitudOverrides {
  idTipo?: number;
  idEstado?: number;
  fechaInicio?: string | null;
  fechaFin?: string | null;
  dias?: number | null;
  descripcion?: string | null;
  fechaReferencia?: string;
}

/** Inserts a request row directly, for tests about reading and deciding rather than creating. */
export async function insertSolicitud(db: DataSource, idEmpleado: number, overrides: SolicitudOverrides = {}): Promise<number> {
  const idTipo = overrides.idTipo ?? 1;
  const withDates = idTipo !== 5;
  const inicio = overrides.fechaInicio !== undefined ? overrides.fechaInicio : withDates ? mondayInWeeks(4) : null;
  const fin = overrides.fechaFin !== undefined ? overrides.fechaFin : inicio;
  const [row] = await db.query(
    `INSERT INTO solicitud (id_empleado, id_tipo_solicitud, id_estado_solicitud, fecha_inicio, fecha_fin, dias_solicitados, descripcion, fecha_referencia)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id_solicitud`,
    [
      idEmpleado,
      idTipo,
      overrides.idEstado ?? 1,
      inicio,
      fin,
      overrides.dias !== undefined ? overrides.dias : withDates ? 1 : null,
      overrides.descripcion ?? null,
      overrides.fechaReferencia ?? inicio ?? new Date().toISOString().slice(0, 10),
    ],
  );
  if (idTipo === 5) {
    await db.query(`INSERT INTO actualizacion_perfil (id_solicitud, telefono) VALUES ($1, '+34 600 000 000')`, [row.id_solicitud]);
  }
  return row.id_solicitud;
}

/** A vacation request approved through the API, so its deduction is recorded as an approval records it. */
export async function approvedVacation(
  t: Pick<TestApp, 'db' | 'http' | 'idp'>,
  approver: { idp_oid: string },
  idEmpleado: number,
  overrides: SolicitudOverrides = {},
): Promise<number> {
  const id = await insertSolicitud(t.db, idEmpleado, { idTipo: 1, ...overrides });
  const response = await t.http.put(`/api/solicitudes/${id}/aprobar`).set('Authorization', `Bearer ${await t.idp.token(approver.idp_oid)}`).send({});
  if (response.status !== 200) throw new Error(`approving ${id}: ${response.status} ${JSON.stringify(response.body)}`);
  return id;
}

/**
 * An approved vacation inserted directly, its days deducted from the employee's oldest allocation
 * with room for them and recorded there (none when no allocation has room), so that its owner may ask
 * to cancel it; `pendiente` opens that cancellation.
 */
export async function insertVacacionAprobada(db: DataSource, idEmpleado: number, overrides: SolicitudOverrides & { pendiente?: boolean } = {}): Promise<number> {
  const dias = overrides.dias ?? 1;
  const id = await insertSolicitud(db, idEmpleado, { ...overrides, idTipo: 1, idEstado: 2, dias });
  await db.query(
    `WITH periodo AS (
       SELECT id_vacaciones FROM vacaciones WHERE id_empleado = $2 AND dias_asignados - dias_usados >= $3 ORDER BY anio LIMIT 1),
     usado AS (
       UPDATE vacaciones v SET dias_usados = v.dias_usados + $3 FROM periodo p WHERE v.id_vacaciones = p.id_vacaciones RETURNING v.id_vacaciones)
     INSERT INTO deduccion_vacaciones (id_solicitud, id_vacaciones, dias) SELECT $1, id_vacaciones, $3 FROM usado`,
    [id, idEmpleado, dias],
  );
  if (overrides.pendiente) await db.query('UPDATE solicitud SET cancelacion_pendiente = true WHERE id_solicitud = $1', [id]);
  return id;
}
