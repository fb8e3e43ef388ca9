import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { CalendarDate } from '../common/calendar-date.js';
import type { LectorRegistro, RegistroCursor, RegistroFila } from './registro-fila.js';

/**
 * Reads the raw register by keyset pages on the (id_empleado, id_fichaje) index: each page is one short
 * query, so no connection is held while a slow client downloads, and an export of any size costs at most one
 * pass over the index. The employee and centre are today's (the register names whose record it is).
 */
@Injectable()
export class RegistroLectorRepository implements LectorRegistro {
  constructor(private readonly dataSource: DataSource) {}

  pagina(desde: CalendarDate, hasta: CalendarDate, despues: RegistroCursor | null, limite: number): Promise<RegistroFila[]> {
    return this.dataSource.query(
      `SELECT f.id_fichaje, f.id_empleado, e.nombre, e.correo, c.codigo AS codigo_centro_trabajo, c.nombre AS centro_trabajo, c.zona_horaria,
              f.fecha, f.tipo, (extract(epoch FROM f.instante) * 1000)::float8 AS instante_ms, f.modalidad, f.origen, f.id_solicitud, f.sustituye,
              encode(f.hash, 'hex') AS hash
         FROM fichaje f
         JOIN empleado e ON e.id_empleado = f.id_empleado
         LEFT JOIN centro_trabajo c ON c.id_centro_trabajo = e.id_centro_trabajo
        WHERE f.fecha BETWEEN $1 AND $2 AND (f.id_empleado, f.id_fichaje) > ($3, $4)
          -- Said again of the employee, so the join starts at the page's first employee rather than the first of all.
          AND e.id_empleado >= $3
        ORDER BY f.id_empleado, f.id_fichaje
        LIMIT $5`,
      [desde, hasta, despues?.id_empleado ?? 0, despues?.id_fichaje ?? '0', limite],
    );
  }

  /** Whose records the period holds (whose data an export of it shows): one probe of (id_empleado, fecha) per employee. */
  async empleadosDelPeriodo(desde: CalendarDate, hasta: CalendarDate): Promise<number[]> {
    const rows: { id_empleado: number }[] = await this.dataSource.query(
      `SELECT e.id_empleado FROM empleado e
        WHERE EXISTS (SELECT 1 FROM fichaje f WHERE f.id_empleado = e.id_empleado AND f.fecha BETWEEN $1 AND $2)`,
      [desde, hasta],
    );
    return rows.map((row) => row.id_empleado);
  }
}
