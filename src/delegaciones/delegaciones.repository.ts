import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { CalendarDate } from '../common/calendar-date.js';

/** Arbitrary constant: "ess-api delegations". */
const DELEGATIONS_LOCK_KEY = 7_307_263_415;

/** People a chain may pass through before the walk gives up: far beyond any real chain of deputies. */
export const MAX_CHAIN_LENGTH = 32;

export interface Periodo {
  desde: CalendarDate;
  hasta: CalendarDate;
}

export interface DelegacionFila extends Periodo {
  id_delegacion: number;
  delegante: { id_empleado: number; nombre: string };
  delegado: { id_empleado: number; nombre: string };
}

const SELECT_FILA = `SELECT d.id_delegacion, d.desde::text AS desde, d.hasta::text AS hasta,
    json_build_object('id_empleado', a.id_empleado, 'nombre', a.nombre) AS delegante,
    json_build_object('id_empleado', b.id_empleado, 'nombre', b.nombre) AS delegado
  FROM delegacion d
  JOIN empleado a ON a.id_empleado = d.id_delegante
  JOIN empleado b ON b.id_empleado = d.id_delegado`;

@Injectable()
export class DelegacionesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Creations take turns until the transaction ends. One key for all: a chain joins delegations of
   * different delegators, so per-person locks would let two halves of a cycle pass at once.
   */
  async lock(manager: EntityManager): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock($1)`, [DELEGATIONS_LOCK_KEY]);
  }

  /**
   * Which of these employees are active, their rows held (FOR SHARE) until the transaction ends: a
   * deactivation locks the row first, so it either waits for this delegation and then ends it, or
   * has committed and the check sees the employee inactive.
   */
  async lockActiveEmployees(manager: EntityManager, ids: number[]): Promise<Set<number>> {
    const rows: { id_empleado: number }[] = await manager.query(
      `SELECT id_empleado FROM empleado WHERE id_empleado = ANY($1::int[]) AND activo ORDER BY id_empleado FOR SHARE`,
      [ids],
    );
    return new Set(rows.map((row) => row.id_empleado));
  }

  async managesSomeone(idEmpleado: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM empleado WHERE id_responsable = $1 AND activo LIMIT 1`, [idEmpleado]);
    return rows.length > 0;
  }

  async overlapsOwn(manager: EntityManager, idDelegante: number, { desde, hasta }: Periodo): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM delegacion WHERE id_delegante = $1 AND desde <= $3 AND hasta >= $2 LIMIT 1`,
      [idDelegante, desde, hasta],
    );
    return rows.length > 0;
  }

  async countNotEnded(manager: EntityManager, idDelegante: number, hoy: CalendarDate): Promise<number> {
    const [{ total }]: { total: number }[] = await manager.query(
      `SELECT count(*)::int AS total FROM delegacion WHERE id_delegante = $1 AND hasta >= $2`,
      [idDelegante, hoy],
    );
    return total;
  }

  /**
   * Whether delegations starting at `idDelegado` lead back to `idDelegante` on some day of the
   * period: every link of a chain must share that day. The walk carries the days still shared,
   * and stops after MAX_CHAIN_LENGTH links.
   */
  async closesChain(manager: EntityManager, idDelegante: number, idDelegado: number, { desde, hasta }: Periodo): Promise<boolean> {
    const [{ cierra }]: { cierra: boolean }[] = await manager.query(
      `WITH RECURSIVE camino (id_empleado, desde, hasta, eslabones) AS (
         SELECT $2::int, $3::date, $4::date, 0
         UNION ALL
         SELECT d.id_delegado, greatest(c.desde, d.desde), least(c.hasta, d.hasta), c.eslabones + 1
           FROM camino c
           JOIN delegacion d ON d.id_delegante = c.id_empleado AND d.desde <= c.hasta AND d.hasta >= c.desde
          WHERE c.eslabones < $5 AND c.id_empleado <> $1
       )
       SELECT EXISTS (SELECT 1 FROM camino WHERE id_empleado = $1) AS cierra`,
      [idDelegante, idDelegado, desde, hasta, MAX_CHAIN_LENGTH],
    );
    return cierra;
  }

  async insert(manager: EntityManager, idDelegante: number, idDelegado: number, { desde, hasta }: Periodo): Promise<DelegacionFila> {
    const [row]: DelegacionFila[] = await manager.query(
      `WITH nueva AS (
         INSERT INTO delegacion (id_delegante, id_delegado, desde, hasta) VALUES ($1, $2, $3, $4) RETURNING *
       )
       ${SELECT_FILA.replace('FROM delegacion d', 'FROM nueva d')}`,
      [idDelegante, idDelegado, desde, hasta],
    );
    return row!;
  }

  /** Not yet ended, nearest first. */
  listGiven(idDelegante: number, hoy: CalendarDate, limite: number): Promise<DelegacionFila[]> {
    return this.dataSource.query(`${SELECT_FILA} WHERE d.id_delegante = $1 AND d.hasta >= $2 ORDER BY d.desde, d.id_delegacion LIMIT $3`, [
      idDelegante,
      hoy,
      limite,
    ]);
  }

  /** Not yet ended, nearest first. */
  listReceived(idDelegado: number, hoy: CalendarDate, limite: number): Promise<DelegacionFila[]> {
    return this.dataSource.query(`${SELECT_FILA} WHERE d.id_delegado = $1 AND d.hasta >= $2 ORDER BY d.desde, d.id_delegacion LIMIT $3`, [
      idDelegado,
      hoy,
      limite,
    ]);
  }

  /** False when there is no such delegation, or `soloDe` is set and is not its delegator. */
  async delete(idDelegacion: number, soloDe: number | null): Promise<boolean> {
    const [, affected]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM delegacion WHERE id_delegacion = $1 AND ($2::int IS NULL OR id_delegante = $2)`,
      [idDelegacion, soloDe],
    );
    return affected === 1;
  }

  /** Delegators still active whose delegation to `idDelegado` covers `fecha`. */
  async delegatorsOn(manager: EntityManager, idDelegado: number, fecha: CalendarDate): Promise<number[]> {
    const rows: { id_delegante: number }[] = await manager.query(
      `SELECT d.id_delegante FROM delegacion d JOIN empleado e ON e.id_empleado = d.id_delegante AND e.activo
        WHERE d.id_delegado = $1 AND d.desde <= $2 AND d.hasta >= $2
        ORDER BY d.id_delegante`,
      [idDelegado, fecha],
    );
    return rows.map((row) => row.id_delegante);
  }
}
