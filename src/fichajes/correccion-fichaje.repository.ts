import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { EstadoSolicitudId } from '../catalogs/estado-solicitud.entity.js';
import type { CalendarDate } from '../common/calendar-date.js';
import type { Modalidad, TipoFichaje } from './fichaje-fields.js';

export type PropuestaPor = 'empleado' | 'empresa';

interface Persona {
  id_empleado: number;
  nombre: string;
}

/** Who proposed an approved correction, why, and who accepted it when: what every reader of the day sees. */
export interface CorreccionAplicada {
  id_solicitud: number;
  propuesta_por: PropuestaPor;
  proponente: Persona;
  motivo: string;
  aprobada_por: Persona | null;
  fecha_aprobacion: Date | null;
}

/** A proposed record as stored: `instante` ISO 8601 UTC, the modalidad settled when proposed. */
export interface FichajeGuardado {
  tipo: TipoFichaje;
  instante: string;
  modalidad: Modalidad;
}

export interface NuevaCorreccion {
  idSolicitud: number;
  fecha: CalendarDate;
  propuestaPor: PropuestaPor;
  idProponente: number;
  fichajes: FichajeGuardado[];
  motivo: string;
}

/** A correction read to be applied. */
export interface CorreccionPropuesta {
  id_solicitud: number;
  id_empleado: number;
  fecha: CalendarDate;
  fichajes: FichajeGuardado[];
}

/** The `correccion_fichaje` rows: append-only, one per request of type 6. */
@Injectable()
export class CorreccionFichajeRepository {
  async insert(manager: EntityManager, correccion: NuevaCorreccion): Promise<void> {
    await manager.query(
      `INSERT INTO correccion_fichaje (id_solicitud, fecha, propuesta_por, id_proponente, fichajes, motivo) VALUES ($1, $2, $3, $4, $5::jsonb, $6)`,
      [correccion.idSolicitud, correccion.fecha, correccion.propuestaPor, correccion.idProponente, JSON.stringify(correccion.fichajes), correccion.motivo],
    );
  }

  async propuesta(manager: EntityManager, idSolicitud: number): Promise<CorreccionPropuesta | null> {
    const [row] = await manager.query(
      `SELECT c.id_solicitud, s.id_empleado, to_char(c.fecha, 'YYYY-MM-DD') AS fecha, c.fichajes
         FROM correccion_fichaje c JOIN solicitud s ON s.id_solicitud = c.id_solicitud WHERE c.id_solicitud = $1`,
      [idSolicitud],
    );
    return row ?? null;
  }

  /** Whether the employee is active; null when there is no such employee. */
  async estaActivo(manager: EntityManager, idEmpleado: number): Promise<boolean | null> {
    const [row] = await manager.query(`SELECT activo FROM empleado WHERE id_empleado = $1`, [idEmpleado]);
    return row?.activo ?? null;
  }

  async fechaAlta(manager: EntityManager, idEmpleado: number): Promise<CalendarDate | null> {
    const [row] = await manager.query(`SELECT to_char(fecha_alta, 'YYYY-MM-DD') AS fecha_alta FROM empleado WHERE id_empleado = $1`, [idEmpleado]);
    return row?.fecha_alta ?? null;
  }

  /** Whether a correction of that employee's day waits for a decision: one at a time. */
  async hayPendiente(manager: EntityManager, idEmpleado: number, fecha: CalendarDate): Promise<boolean> {
    const [row] = await manager.query(
      `SELECT EXISTS (SELECT 1 FROM correccion_fichaje c JOIN solicitud s ON s.id_solicitud = c.id_solicitud
                       WHERE s.id_empleado = $1 AND c.fecha = $2 AND s.id_estado_solicitud = ${EstadoSolicitudId.Pendiente}) AS hay`,
      [idEmpleado, fecha],
    );
    return row.hay;
  }

  /** The approved corrections behind the given requests (the ids a period's records name: bounded by them). */
  async aplicadas(manager: EntityManager, ids: readonly number[]): Promise<Map<number, CorreccionAplicada>> {
    if (ids.length === 0) return new Map();
    const rows: CorreccionAplicada[] = await manager.query(
      `SELECT c.id_solicitud, c.propuesta_por, c.motivo, s.fecha_revision AS fecha_aprobacion,
              json_build_object('id_empleado', p.id_empleado, 'nombre', p.nombre) AS proponente,
              CASE WHEN r.id_empleado IS NULL THEN NULL ELSE json_build_object('id_empleado', r.id_empleado, 'nombre', r.nombre) END AS aprobada_por
         FROM correccion_fichaje c
         JOIN solicitud s ON s.id_solicitud = c.id_solicitud
         JOIN empleado p ON p.id_empleado = c.id_proponente
         LEFT JOIN empleado r ON r.id_empleado = s.id_revisor
        WHERE c.id_solicitud = ANY ($1::int[])`,
      [[...new Set(ids)]],
    );
    return new Map(rows.map((row) => [row.id_solicitud, row]));
  }
}
