import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { CambioEmpleado, OrigenCambio } from './entities/historial-empleado.entity.js';

export interface EntradaHistorial {
  idEmpleado: number;
  /** null for the command-line tools. */
  idActor: number | null;
  origen: OrigenCambio;
  cambios: CambioEmpleado[];
}

export interface HistorialEmpleadoRow {
  id_historial: number;
  fecha: Date;
  origen: OrigenCambio;
  id_actor: number | null;
  actor_nombre: string | null;
  cambios: CambioEmpleado[];
}

/** Writes go through the caller's transaction, so a change and its record commit or fail together. */
export async function recordHistory(manager: EntityManager, entries: EntradaHistorial[]): Promise<void> {
  const recorded = entries.filter((entry) => entry.cambios.length > 0);
  if (!recorded.length) return;
  await manager.query(
    `INSERT INTO historial_empleado (id_empleado, id_actor, origen, cambios)
     SELECT * FROM unnest($1::int[], $2::int[], $3::varchar[], $4::jsonb[])`,
    [
      recorded.map((entry) => entry.idEmpleado),
      recorded.map((entry) => entry.idActor),
      recorded.map((entry) => entry.origen),
      recorded.map((entry) => JSON.stringify(entry.cambios)),
    ],
  );
}

@Injectable()
export class HistorialEmpleadoRepository {
  constructor(private readonly dataSource: DataSource) {}

  async findPage(idEmpleado: number, limit: number, offset: number): Promise<HistorialEmpleadoRow[]> {
    return this.dataSource.query(
      `SELECT h.id_historial, h.fecha, h.origen, h.id_actor, a.nombre AS actor_nombre, h.cambios
         FROM historial_empleado h LEFT JOIN empleado a ON a.id_empleado = h.id_actor
        WHERE h.id_empleado = $1 ORDER BY h.id_historial DESC LIMIT $2 OFFSET $3`,
      [idEmpleado, limit, offset],
    );
  }

  async count(idEmpleado: number): Promise<number> {
    const [{ total }] = await this.dataSource.query(`SELECT count(*)::int AS total FROM historial_empleado WHERE id_empleado = $1`, [idEmpleado]);
    return total;
  }
}
