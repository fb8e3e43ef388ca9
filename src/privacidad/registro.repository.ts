import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EXACT_COUNT_LIMIT, totalShownBy } from '../common/pagination.js';
import type { TipoRegistroPrivacidad } from '../registro-privacidad/registro-privacidad.js';
import type { EntradaRegistroDto } from './dto/registro.dto.js';

export interface FiltroRegistro {
  tipo?: TipoRegistroPrivacidad;
  idEmpleado?: number;
}

export interface PaginaDeRegistro {
  entradas: EntradaRegistroDto[];
  total: number;
  exacto: boolean;
}

/** `$1` and `$2`: a filter left out is null and matches everything. */
const WHERE = `WHERE ($1::varchar IS NULL OR r.tipo = $1) AND ($2::int IS NULL OR r.id_empleado = $2)`;

@Injectable()
export class RegistroRepository {
  constructor(private readonly dataSource: DataSource) {}

  async page(filtro: FiltroRegistro, limit: number, offset: number): Promise<PaginaDeRegistro> {
    const filters = [filtro.tipo ?? null, filtro.idEmpleado ?? null];
    const rows: (EntradaRegistroDto & { id_registro: string })[] = await this.dataSource.query(
      `SELECT r.id_registro, r.tipo, r.instante, r.detalle,
              CASE WHEN a.id_empleado IS NULL THEN NULL ELSE json_build_object('id_empleado', a.id_empleado, 'nombre', a.nombre) END AS actor,
              CASE WHEN e.id_empleado IS NULL THEN NULL ELSE json_build_object('id_empleado', e.id_empleado, 'nombre', e.nombre) END AS empleado
         FROM registro_privacidad r
         LEFT JOIN empleado a ON a.id_empleado = r.id_actor
         LEFT JOIN empleado e ON e.id_empleado = r.id_empleado
        ${WHERE} ORDER BY r.id_registro DESC LIMIT $3 OFFSET $4`,
      [...filters, limit + 1, offset],
    );
    const entradas = rows.slice(0, limit).map((row) => ({ ...row, id_registro: Number(row.id_registro) }));
    const shown = totalShownBy(offset, limit, rows.length);
    return shown === undefined ? { entradas, ...(await this.count(filters)) } : { entradas, total: shown, exacto: true };
  }

  /** Exact up to EXACT_COUNT_LIMIT, as the other lists count; past it, the planner's estimate (never below the limit). */
  private async count(filters: unknown[]): Promise<{ total: number; exacto: boolean }> {
    const [{ total }]: { total: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS total FROM (SELECT 1 FROM registro_privacidad r ${WHERE} LIMIT ${EXACT_COUNT_LIMIT + 1}) capped`,
      filters,
    );
    if (total <= EXACT_COUNT_LIMIT) return { total, exacto: true };
    const [{ 'QUERY PLAN': plan }] = await this.dataSource.query(`EXPLAIN (FORMAT JSON) SELECT 1 FROM registro_privacidad r ${WHERE}`, filters);
    return { total: Math.max(Math.round(plan[0].Plan['Plan Rows']), EXACT_COUNT_LIMIT + 1), exacto: false };
  }
}
