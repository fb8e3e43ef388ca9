import type { EntityManager } from 'typeorm';
import type { TipoDatoConservado } from '../config/app-config.js';
import type { ConsultaDto, DatoBloqueadoDto } from './dto/bloqueados.dto.js';

/** How long a view of blocked data stays open once a reason was given. */
const DURACION_CONSULTA = `interval '1 hour'`;

export interface ConsultaGuardada extends ConsultaDto {
  id_actor: number;
  vigente: boolean;
}

export interface FilaBloqueada extends DatoBloqueadoDto {
  tipo: TipoDatoConservado;
}

export async function empleadoExiste(manager: EntityManager, idEmpleado: number): Promise<boolean> {
  return (await manager.query(`SELECT 1 FROM empleado WHERE id_empleado = $1`, [idEmpleado])).length > 0;
}

export async function abrirConsulta(manager: EntityManager, idActor: number, idEmpleado: number, motivo: string): Promise<ConsultaDto> {
  const [row]: ConsultaDto[] = await manager.query(
    `INSERT INTO consulta_bloqueados (id_actor, id_empleado, motivo, expira_en) VALUES ($1, $2, $3, now() + ${DURACION_CONSULTA})
     RETURNING id_consulta, id_empleado, motivo, expira_en`,
    [idActor, idEmpleado, motivo],
  );
  return row!;
}

/** Whether it is still open is the database's clock's answer, as its expiry was. */
export async function findConsulta(manager: EntityManager, idConsulta: number): Promise<ConsultaGuardada | null> {
  const [row]: ConsultaGuardada[] = await manager.query(
    `SELECT id_consulta, id_actor, id_empleado, motivo, expira_en, expira_en > now() AS vigente FROM consulta_bloqueados WHERE id_consulta = $1`,
    [idConsulta],
  );
  return row ?? null;
}

export async function totalesPorTipo(manager: EntityManager, idEmpleado: number): Promise<Map<TipoDatoConservado, number>> {
  const rows: { tipo: TipoDatoConservado; total: number }[] = await manager.query(
    `SELECT tipo, count(*)::int AS total FROM dato_bloqueado WHERE id_empleado = $1 GROUP BY tipo ORDER BY tipo`,
    [idEmpleado],
  );
  return new Map(rows.map((row) => [row.tipo, row.total]));
}

/** A page of the employee's blocked rows, by kind and then oldest first: the order the groups are shown in. */
export async function filasBloqueadas(manager: EntityManager, idEmpleado: number, limit: number, offset: number): Promise<FilaBloqueada[]> {
  const rows: (FilaBloqueada & { id_dato_bloqueado: string })[] = await manager.query(
    `SELECT id_dato_bloqueado, tipo, tabla, id_registro, datos, archivos, bloqueado_en, to_char(purgar_desde, 'YYYY-MM-DD') AS purgar_desde
       FROM dato_bloqueado WHERE id_empleado = $1 ORDER BY tipo, id_dato_bloqueado LIMIT $2 OFFSET $3`,
    [idEmpleado, limit, offset],
  );
  return rows.map((row) => ({ ...row, id_dato_bloqueado: Number(row.id_dato_bloqueado) }));
}
