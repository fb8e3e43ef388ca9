import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { CalendarDate } from '../common/calendar-date.js';
import type { FormatoRegistro } from './registro-fila.js';

/** An access as stored and listed, its people by id and name; never its hash outside this file's callers. */
export interface AccesoRow {
  id_acceso_inspeccion: number;
  desde: CalendarDate;
  hasta: CalendarDate;
  caduca: Date;
  descripcion: string;
  creado_por: number;
  creado_por_nombre: string;
  creado_en: Date;
  revocado_por: number | null;
  revocado_por_nombre: string | null;
  revocado_en: Date | null;
}

export interface UsoRow {
  id_acceso_inspeccion: number;
  instante: Date;
  direccion: string;
  formato: FormatoRegistro;
  agente_usuario: string | null;
}

export interface NuevoAcceso {
  hash: Buffer;
  desde: CalendarDate;
  hasta: CalendarDate;
  caduca: Date;
  descripcion: string;
  creadoPor: number;
}

/** An access that opens the register now: its period and the hash that found it. */
export interface AccesoVigente {
  id_acceso_inspeccion: number;
  token_sha256: Buffer;
  desde: CalendarDate;
  hasta: CalendarDate;
}

const SELECT_ACCESO = `
  SELECT a.id_acceso_inspeccion, a.desde, a.hasta, a.caduca, a.descripcion, a.creado_por, c.nombre AS creado_por_nombre, a.creado_en,
         a.revocado_por, r.nombre AS revocado_por_nombre, a.revocado_en
    FROM acceso_inspeccion a
    JOIN empleado c ON c.id_empleado = a.creado_por
    LEFT JOIN empleado r ON r.id_empleado = a.revocado_por`;

/** The latest uses listed per access: an access's list stays bounded however often the URL is used. */
export const MAX_USOS_LISTADOS = 50;

@Injectable()
export class InspeccionRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(acceso: NuevoAcceso): Promise<AccesoRow> {
    const [{ id_acceso_inspeccion }] = await this.dataSource.query(
      `INSERT INTO acceso_inspeccion (token_sha256, desde, hasta, caduca, descripcion, creado_por)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id_acceso_inspeccion`,
      [acceso.hash, acceso.desde, acceso.hasta, acceso.caduca, acceso.descripcion, acceso.creadoPor],
    );
    return (await this.findById(id_acceso_inspeccion))!;
  }

  async findById(id: number): Promise<AccesoRow | null> {
    const [row] = await this.dataSource.query(`${SELECT_ACCESO} WHERE a.id_acceso_inspeccion = $1`, [id]);
    return row ?? null;
  }

  /** A page of accesses, newest first, and one more row telling whether another page follows. */
  findPagina(offset: number, limit: number): Promise<AccesoRow[]> {
    return this.dataSource.query(`${SELECT_ACCESO} ORDER BY a.creado_en DESC, a.id_acceso_inspeccion DESC OFFSET $1 LIMIT $2`, [offset, limit + 1]);
  }

  async count(): Promise<number> {
    const [row] = await this.dataSource.query(`SELECT count(*)::int AS total FROM acceso_inspeccion`);
    return row.total;
  }

  /** Each access's latest MAX_USOS_LISTADOS uses, newest first, and how many it has in all. */
  async usosDe(ids: number[]): Promise<{ usos: UsoRow[]; totales: Map<number, number> }> {
    if (ids.length === 0) return { usos: [], totales: new Map() };
    const usos: UsoRow[] = await this.dataSource.query(
      `SELECT u.id_acceso_inspeccion, u.instante, u.direccion, u.formato, u.agente_usuario
         FROM unnest($1::int[]) AS a (id)
         CROSS JOIN LATERAL (SELECT * FROM uso_acceso_inspeccion u WHERE u.id_acceso_inspeccion = a.id
                              ORDER BY u.id_uso_acceso_inspeccion DESC LIMIT $2) u
        ORDER BY u.id_acceso_inspeccion, u.id_uso_acceso_inspeccion DESC`,
      [ids, MAX_USOS_LISTADOS],
    );
    const totales: { id_acceso_inspeccion: number; total: number }[] = await this.dataSource.query(
      `SELECT id_acceso_inspeccion, count(*)::int AS total FROM uso_acceso_inspeccion WHERE id_acceso_inspeccion = ANY($1::int[]) GROUP BY id_acceso_inspeccion`,
      [ids],
    );
    return { usos, totales: new Map(totales.map((row) => [row.id_acceso_inspeccion, row.total])) };
  }

  /** Revokes the access unless it already is; the row says when and by whom either way (null: no such access). */
  async revocar(id: number, revocadoPor: number): Promise<AccesoRow | null> {
    await this.dataSource.query(
      `UPDATE acceso_inspeccion SET revocado_en = now(), revocado_por = $2 WHERE id_acceso_inspeccion = $1 AND revocado_en IS NULL`,
      [id, revocadoPor],
    );
    return this.findById(id);
  }

  /**
   * The access the hash opens now: not revoked and not expired, in one query whatever the reason it does not,
   * so an unknown, a revoked and an expired key take the same path. Held (FOR SHARE) until the transaction
   * ends: a revocation waits for the use being logged, and any use after it is refused.
   */
  async findVigente(manager: EntityManager, hash: Buffer): Promise<AccesoVigente | null> {
    const [row] = await manager.query(
      `SELECT id_acceso_inspeccion, token_sha256, desde, hasta FROM acceso_inspeccion
        WHERE token_sha256 = $1 AND revocado_en IS NULL AND caduca > now() FOR SHARE`,
      [hash],
    );
    return row ?? null;
  }

  async insertUso(manager: EntityManager, uso: Omit<UsoRow, 'instante'>): Promise<void> {
    await manager.query(`INSERT INTO uso_acceso_inspeccion (id_acceso_inspeccion, direccion, formato, agente_usuario) VALUES ($1, $2, $3, $4)`, [
      uso.id_acceso_inspeccion,
      uso.direccion,
      uso.formato,
      uso.agente_usuario,
    ]);
  }
}
