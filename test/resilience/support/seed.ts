import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { mondayInWeeks } from '../../support/dates.js';

export const ROL_EMPLEADO = 1;
export const ROL_ADMINISTRADOR = 2;
export const ROL_SUPER_ADMINISTRADOR = 3;
export const TIPO_VACACIONES = 1;
export const TIPO_ACTUALIZACION_PERFIL = 5;
export const ESTADO_PENDIENTE = 1;
export const ESTADO_APROBADA = 2;
export const ESTADO_CANCELADA = 4;

export interface SeededEmpleado {
  id: number;
  oid: string;
}

/** Rows written straight into a migrated database with `pg`, bypassing the service under test. */
export class Seed {
  constructor(private readonly db: pg.Pool | pg.Client) {}

  /** `vacaciones` maps a year to its allocated days. */
  async empleado(rol = ROL_EMPLEADO, vacaciones: Record<number, number> = {}): Promise<SeededEmpleado> {
    const oid = randomUUID();
    const { rows } = await this.db.query(
      `INSERT INTO empleado (correo, nombre, id_rol, idp_oid) VALUES ($1, $2, $3, $1) RETURNING id_empleado`,
      [oid, `Resiliencia ${oid.slice(0, 8)}`, rol],
    );
    const id: number = rows[0].id_empleado;
    for (const [anio, dias] of Object.entries(vacaciones)) {
      await this.db.query(`INSERT INTO vacaciones (id_empleado, anio, dias_asignados) VALUES ($1, $2, $3)`, [id, Number(anio), dias]);
    }
    return { id, oid };
  }

  /** A pending vacation request of `dias` days, `weeks` weeks ahead (one week per request keeps them apart). */
  async vacacionesPendientes(idEmpleado: number, dias: number, weeks = 4): Promise<number> {
    const inicio = mondayInWeeks(weeks);
    const { rows } = await this.db.query(
      `INSERT INTO solicitud (id_empleado, id_tipo_solicitud, fecha_inicio, fecha_fin, dias_solicitados, fecha_referencia)
       VALUES ($1, $2, $3::date, $3::date + ($4::int - 1), $4, $3::date) RETURNING id_solicitud`,
      [idEmpleado, TIPO_VACACIONES, inicio, dias],
    );
    return rows[0].id_solicitud;
  }

  /** `count` unread notifications for the employee; returns their ids. */
  async notificaciones(idUsuario: number, count: number): Promise<number[]> {
    const { rows } = await this.db.query(
      `INSERT INTO notificacion (id_usuario, id_tipo_notificacion, titulo, mensaje)
       SELECT $1, 3, 'Aviso ' || n, 'Mensaje ' || n FROM generate_series(1, $2) n RETURNING id_notificacion`,
      [idUsuario, count],
    );
    return rows.map((row) => row.id_notificacion as number);
  }
}
