import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CalendarDate } from '../common/calendar-date.js';

/** One assignment as the history lists it. */
export interface AsignacionJornadaRow {
  id_empleado_jornada: number;
  desde: CalendarDate;
  id_jornada: number;
  nombre: string;
  fecha_registro: Date;
}

const ASIGNACION_COLUMNS = `ej.id_empleado_jornada, ej.desde, ej.id_jornada, j.nombre, ej.fecha_registro`;

/** An employee's dated schedule assignments; every method runs in the caller's transaction. */
@Injectable()
export class EmpleadoJornadasRepository {
  /** Newest `desde` first: the first row in force on a date is the one that applies. */
  findPage(manager: EntityManager, idEmpleado: number, limit: number, offset: number): Promise<AsignacionJornadaRow[]> {
    return manager.query(
      `SELECT ${ASIGNACION_COLUMNS} FROM empleado_jornada ej JOIN jornada j ON j.id_jornada = ej.id_jornada
        WHERE ej.id_empleado = $1 ORDER BY ej.desde DESC LIMIT $2 OFFSET $3`,
      [idEmpleado, limit, offset],
    );
  }

  async count(manager: EntityManager, idEmpleado: number): Promise<number> {
    const [{ total }] = await manager.query(`SELECT count(*)::int AS total FROM empleado_jornada WHERE id_empleado = $1`, [idEmpleado]);
    return total;
  }

  /** The schedule assigned from exactly `desde`, locked: the assignment about to be replaced. */
  async lockDesde(manager: EntityManager, idEmpleado: number, desde: CalendarDate): Promise<number | null> {
    const [row] = await manager.query(`SELECT id_jornada FROM empleado_jornada WHERE id_empleado = $1 AND desde = $2 FOR UPDATE`, [idEmpleado, desde]);
    return row?.id_jornada ?? null;
  }

  /** Assigns the schedule from `desde`, replacing one assigned from that same day. */
  async upsert(manager: EntityManager, asignacion: { idEmpleado: number; idJornada: number; desde: CalendarDate; idActor: number | null }): Promise<AsignacionJornadaRow> {
    const [row] = await manager.query(
      `WITH asignada AS (
         INSERT INTO empleado_jornada (id_empleado, id_jornada, desde, id_actor) VALUES ($1, $2, $3, $4)
         ON CONFLICT ON CONSTRAINT uq_empleado_jornada_desde
         DO UPDATE SET id_jornada = EXCLUDED.id_jornada, id_actor = EXCLUDED.id_actor, fecha_registro = now()
         RETURNING *)
       SELECT ${ASIGNACION_COLUMNS} FROM asignada ej JOIN jornada j ON j.id_jornada = ej.id_jornada`,
      [asignacion.idEmpleado, asignacion.idJornada, asignacion.desde, asignacion.idActor],
    );
    return row;
  }

  /** Many at once (the CSV import): each employee gets the schedule from `desde`, replacing one from that day. */
  async upsertMany(manager: EntityManager, asignaciones: { idEmpleado: number; idJornada: number }[], desde: CalendarDate): Promise<void> {
    if (!asignaciones.length) return;
    await manager.query(
      `INSERT INTO empleado_jornada (id_empleado, id_jornada, desde)
       SELECT u.id_empleado, u.id_jornada, $3::date FROM unnest($1::int[], $2::int[]) AS u (id_empleado, id_jornada)
       ON CONFLICT ON CONSTRAINT uq_empleado_jornada_desde
       DO UPDATE SET id_jornada = EXCLUDED.id_jornada, id_actor = NULL, fecha_registro = now()`,
      [asignaciones.map((a) => a.idEmpleado), asignaciones.map((a) => a.idJornada), desde],
    );
  }

  /** The removed assignment, or null when the employee has none with that id. */
  async delete(manager: EntityManager, idEmpleado: number, idAsignacion: number): Promise<{ id_jornada: number; desde: CalendarDate } | null> {
    const [rows] = await manager.query(
      `DELETE FROM empleado_jornada WHERE id_empleado_jornada = $1 AND id_empleado = $2 RETURNING id_jornada, desde`,
      [idAsignacion, idEmpleado],
    );
    return rows?.[0] ?? null;
  }
}
