import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { EstadoSolicitudId } from '../catalogs/estado-solicitud.entity.js';
import { TipoSolicitudId } from '../catalogs/tipo-solicitud.entity.js';
import { type CalendarDate, daysInRange } from '../common/calendar-date.js';
import { preparedQuery } from '../database/prepared-query.js';
import { type ContenidoFichaje, type FichajeEncadenado, hashFichaje } from './fichaje-hash.js';
import type { TipoFichaje } from './fichaje-fields.js';

const COLUMNS = 'id_fichaje, id_empleado, tipo, modalidad, instante, fecha, origen, id_solicitud, sustituye, hash, hash_anterior';

/** A stored record, as the chain and the answers read it. */
export type FichajeRow = FichajeEncadenado;

/** The latest clocking, whether a later correction replaced it, and whether its day is marked incompleto. */
export type UltimoFichado = FichajeRow & { sustituido: boolean; incompleto: boolean };

const ULTIMO_FICHADO = `SELECT ${COLUMNS},
       EXISTS (SELECT 1 FROM fichaje c WHERE c.id_empleado = f.id_empleado AND c.origen = 'correccion' AND c.id_fichaje > f.id_fichaje
                  AND f.id_fichaje = ANY (c.sustituye)) AS sustituido,
       EXISTS (SELECT 1 FROM fichaje_dia_incompleto i WHERE i.id_empleado = f.id_empleado AND i.fecha = f.fecha) AS incompleto
  FROM fichaje f WHERE f.id_empleado = $1 AND f.origen = 'empleado' ORDER BY f.id_fichaje DESC LIMIT 1`;

/** The database's clock and the time zone of the employee's centre (null: none, the company's applies). */
export interface Reloj {
  ahora: Date;
  zona_horaria: string | null;
}

/** The most records one working day holds, corrections included: a day's answer and its minutes stay bounded. */
export const MAX_FICHAJES_DIA = 100;

@Injectable()
export class FichajesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Locks the employee's row until the transaction ends, as request creation does, so two devices clocking
   * at once take turns and never fork the chain. Returns their centre's time zone (null: none).
   */
  async lockEmpleado(manager: EntityManager, idEmpleado: number): Promise<{ zona_horaria: string | null }> {
    const [row] = await manager.query(
      `SELECT c.zona_horaria FROM empleado e LEFT JOIN centro_trabajo c ON c.id_centro_trabajo = e.id_centro_trabajo
        WHERE e.id_empleado = $1 FOR NO KEY UPDATE OF e`,
      [idEmpleado],
    );
    return { zona_horaria: row?.zona_horaria ?? null };
  }

  /** The database's clock, to the millisecond the record keeps. */
  async now(manager: EntityManager): Promise<Date> {
    const [row] = await manager.query(`SELECT date_trunc('milliseconds', clock_timestamp()) AS ahora`);
    return row.ahora;
  }

  /** The database's clock (as `now` reads it) and the time zone of the employee's centre (null: none), in one round trip. */
  async reloj(idEmpleado: number): Promise<Reloj> {
    const [row] = await preparedQuery<Reloj>(
      this.dataSource,
      `SELECT date_trunc('milliseconds', clock_timestamp()) AS ahora,
              (SELECT c.zona_horaria FROM empleado e JOIN centro_trabajo c ON c.id_centro_trabajo = e.id_centro_trabajo WHERE e.id_empleado = $1) AS zona_horaria`,
      [idEmpleado],
    );
    return row!;
  }

  async findUltimo(manager: EntityManager, idEmpleado: number): Promise<FichajeRow | null> {
    const [row] = await manager.query(`SELECT ${COLUMNS} FROM fichaje WHERE id_empleado = $1 ORDER BY id_fichaje DESC LIMIT 1`, [idEmpleado]);
    return row ?? null;
  }

  /**
   * The employee's own latest clocking (a correction's records are not clockings), and whether a correction
   * approved after it replaced it: where the sequence stands. A correction never replaces a day still open
   * (unless marked incompleto), so a replaced last clocking means its day was closed by the correction.
   */
  async findUltimoFichado(manager: EntityManager, idEmpleado: number): Promise<UltimoFichado | null> {
    const [row] = await manager.query(ULTIMO_FICHADO, [idEmpleado]);
    return row ?? null;
  }

  /**
   * What a clocking starts from, in one round trip once the caller holds the employee's lock: the database's
   * clock (read after the lock, so the chain's instants never go back), the hash the chain goes on from, and
   * the latest clocking (findUltimoFichado).
   */
  async situacion(manager: EntityManager, idEmpleado: number): Promise<{ ahora: Date; hashUltimo: Buffer | null; fichado: UltimoFichado | null }> {
    const [{ ahora, hash_ultimo, ...fichado }] = await manager.query(
      `SELECT date_trunc('milliseconds', clock_timestamp()) AS ahora,
              (SELECT hash FROM fichaje WHERE id_empleado = $1 ORDER BY id_fichaje DESC LIMIT 1) AS hash_ultimo, u.*
         FROM (SELECT 1) AS una_fila LEFT JOIN LATERAL (${ULTIMO_FICHADO}) u ON true`,
      [idEmpleado],
    );
    return { ahora, hashUltimo: hash_ultimo, fichado: fichado.id_fichaje === null ? null : (fichado as UltimoFichado) };
  }

  /** The employee's latest clocking of `tipo` at or after `desde`: what a double click repeats. */
  async findUltimoDeTipoDesde(manager: EntityManager, idEmpleado: number, tipo: TipoFichaje, desde: Date): Promise<FichajeRow | null> {
    const [row] = await manager.query(
      `SELECT ${COLUMNS} FROM fichaje WHERE id_empleado = $1 AND tipo = $2 AND instante >= $3 AND origen = 'empleado' ORDER BY id_fichaje DESC LIMIT 1`,
      [idEmpleado, tipo, desde],
    );
    return row ?? null;
  }

  /** The day's records in order, corrections included, at most MAX_FICHAJES_DIA + 1 (one more says the day is full). */
  findDelDia(manager: EntityManager, idEmpleado: number, fecha: CalendarDate): Promise<FichajeRow[]> {
    return manager.query(`SELECT ${COLUMNS} FROM fichaje WHERE id_empleado = $1 AND fecha = $2 ORDER BY id_fichaje LIMIT $3`, [
      idEmpleado,
      fecha,
      MAX_FICHAJES_DIA + 1,
    ]);
  }

  /** The period's records in order, at most MAX_FICHAJES_DIA a day: a day never holds more. */
  findDelPeriodo(idEmpleado: number, desde: CalendarDate, hasta: CalendarDate): Promise<FichajeRow[]> {
    return preparedQuery<FichajeRow>(
      this.dataSource,
      `SELECT ${COLUMNS} FROM fichaje WHERE id_empleado = $1 AND fecha BETWEEN $2 AND $3 ORDER BY fecha, id_fichaje LIMIT $4`,
      [idEmpleado, desde, hasta, daysInRange(desde, hasta) * MAX_FICHAJES_DIA],
    );
  }

  async tieneTeletrabajoAprobado(manager: EntityManager, idEmpleado: number, fecha: CalendarDate): Promise<boolean> {
    const [row] = await manager.query(
      `SELECT EXISTS (SELECT 1 FROM solicitud WHERE id_empleado = $1 AND id_tipo_solicitud = $2 AND id_estado_solicitud = $3
          AND fecha_inicio <= $4 AND fecha_fin >= $4) AS hay`,
      [idEmpleado, TipoSolicitudId.Teletrabajo, EstadoSolicitudId.Aprobada, fecha],
    );
    return row.hay;
  }

  /**
   * Appends records to the employee's chain, in order, each hashed over the one before (`anterior`: the hash of
   * their latest record, null for their first). The caller holds the employee's lock (lockEmpleado).
   */
  async encadenar(manager: EntityManager, anterior: Buffer | null, contenidos: readonly ContenidoFichaje[]): Promise<FichajeRow[]> {
    const filas: FichajeRow[] = [];
    for (const contenido of contenidos) {
      const hash = hashFichaje(anterior, contenido);
      filas.push(await this.insert(manager, { ...contenido, hash, hash_anterior: anterior }));
      anterior = hash;
    }
    return filas;
  }

  private async insert(manager: EntityManager, fichaje: Omit<FichajeRow, 'id_fichaje'>): Promise<FichajeRow> {
    const [row] = await manager.query(
      `INSERT INTO fichaje (id_empleado, tipo, modalidad, instante, fecha, origen, id_solicitud, sustituye, hash, hash_anterior)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${COLUMNS}`,
      [
        fichaje.id_empleado,
        fichaje.tipo,
        fichaje.modalidad,
        fichaje.instante,
        fichaje.fecha,
        fichaje.origen,
        fichaje.id_solicitud,
        fichaje.sustituye,
        fichaje.hash,
        fichaje.hash_anterior,
      ],
    );
    return row;
  }

  /** The first and last record dated in the period; the chain is checked over every record between them. */
  async findTramo(idEmpleado: number, desde: CalendarDate, hasta: CalendarDate): Promise<{ primero: string; ultimo: string } | null> {
    const [row] = await this.dataSource.query(
      `SELECT min(id_fichaje) AS primero, max(id_fichaje) AS ultimo FROM fichaje WHERE id_empleado = $1 AND fecha BETWEEN $2 AND $3`,
      [idEmpleado, desde, hasta],
    );
    return row?.primero ? row : null;
  }

  /** The stored hash of the record before `idFichaje`: the trusted link into a period. */
  async findHashAnteriorA(idEmpleado: number, idFichaje: string): Promise<Buffer | null> {
    const [row] = await this.dataSource.query(
      `SELECT hash FROM fichaje WHERE id_empleado = $1 AND id_fichaje < $2 ORDER BY id_fichaje DESC LIMIT 1`,
      [idEmpleado, idFichaje],
    );
    return row?.hash ?? null;
  }

  /** A page of the chain after `despues` up to `hasta`, in order: the verification reads in bounded pages. */
  findPagina(idEmpleado: number, despues: string, hasta: string, limite: number): Promise<FichajeRow[]> {
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM fichaje WHERE id_empleado = $1 AND id_fichaje > $2 AND id_fichaje <= $3 ORDER BY id_fichaje LIMIT $4`,
      [idEmpleado, despues, hasta, limite],
    );
  }

  /** Asked on every read of someone else's records: prepared. */
  async existeEmpleado(idEmpleado: number): Promise<boolean> {
    const [row] = await preparedQuery<{ existe: boolean }>(this.dataSource, `SELECT EXISTS (SELECT 1 FROM empleado WHERE id_empleado = $1) AS existe`, [idEmpleado]);
    return row!.existe;
  }
}
