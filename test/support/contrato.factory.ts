import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';

/**
 * Gives an employee a new schedule (`horas`, Monday first) from `desde` on, through the tables: tests of
 * counting and allocations need schedules whichever way they are managed.
 */
export async function asignarJornada(db: DataSource, idEmpleado: number, horas: number[], desde: string): Promise<void> {
  const [{ id_jornada }] = await db.query(`INSERT INTO jornada (nombre, horas) VALUES ($1, $2) RETURNING id_jornada`, [`Jornada ${randomUUID()}`, horas]);
  await db.query(`INSERT INTO empleado_jornada (id_empleado, id_jornada, desde) VALUES ($1, $2, $3)`, [idEmpleado, id_jornada, desde]);
}

/** Sets an employee's employment dates (null: not set). */
export async function fijarContrato(db: DataSource, idEmpleado: number, fechaAlta: string | null, fechaBaja: string | null = null): Promise<void> {
  await db.query(`UPDATE empleado SET fecha_alta = $2, fecha_baja = $3 WHERE id_empleado = $1`, [idEmpleado, fechaAlta, fechaBaja]);
}
