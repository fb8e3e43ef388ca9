import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EXACT_COUNT_LIMIT } from '../../common/pagination.js';
import { JOBS_SCHEMA } from '../../jobs/jobs.service.js';
import type { EnvioDto, EstadoEnvio } from './envio.dto.js';

/** pg-boss' job states as the API names them. */
const ESTADOS_DE_JOB: Record<EstadoEnvio, readonly string[]> = {
  pendiente: ['created', 'retry'],
  enviando: ['active'],
  enviado: ['completed'],
  fallido: ['failed'],
  cancelado: ['cancelled'],
};

const TODOS_LOS_ESTADOS = Object.values(ESTADOS_DE_JOB).flat();

/** The SQL that names a job's state as ESTADOS_DE_JOB does; the states are constants, never input. */
const ESTADO_SQL = `CASE j.state::text ${Object.entries(ESTADOS_DE_JOB)
  .flatMap(([estado, states]) => states.map((state) => `WHEN '${state}' THEN '${estado}'`))
  .join(' ')} END`;

const ENVIO_SELECT = `
  SELECT j.id::text AS id, 'correo' AS canal, ${ESTADO_SQL} AS estado,
         j.retry_count + CASE WHEN j.state::text IN ('completed', 'failed', 'active') THEN 1 ELSE 0 END AS intentos,
         CASE WHEN j.state::text = 'completed' THEN NULL ELSE j.output->>'message' END AS ultimo_error,
         j.created_on AS creado, coalesce(j.completed_on, j.started_on) AS ultimo_intento,
         n.id_notificacion,
         CASE WHEN e.id_empleado IS NULL THEN NULL ELSE json_build_object('id_empleado', e.id_empleado, 'nombre', e.nombre, 'correo', e.correo) END AS destinatario
    FROM ${JOBS_SCHEMA}.job j
    LEFT JOIN notificacion n ON n.id_notificacion = (j.data->>'id_notificacion')::int
    LEFT JOIN empleado e ON e.id_empleado = n.id_usuario`;

const JOBS_WHERE = `WHERE j.name = $1 AND j.state::text = ANY($2)`;

export interface PaginaDeEnvios {
  envios: EnvioDto[];
  total: number;
  exacto: boolean;
}

@Injectable()
export class EnviosRepository {
  constructor(private readonly dataSource: DataSource) {}

  async page(queue: string, estado: EstadoEnvio | undefined, limit: number, offset: number): Promise<PaginaDeEnvios> {
    const states = estado ? ESTADOS_DE_JOB[estado] : TODOS_LOS_ESTADOS;
    const [envios, { total, exacto }] = await Promise.all([
      this.dataSource.query(`${ENVIO_SELECT} ${JOBS_WHERE} ORDER BY j.created_on DESC, j.id LIMIT $3 OFFSET $4`, [queue, states, limit, offset]),
      this.count(queue, states),
    ]);
    return { envios, total, exacto };
  }

  async findById(queue: string, id: string): Promise<EnvioDto | null> {
    const [row] = await this.dataSource.query(`${ENVIO_SELECT} WHERE j.name = $1 AND j.id = $2::uuid`, [queue, id]);
    return row ?? null;
  }

  /** Exact up to EXACT_COUNT_LIMIT, as the request lists count; past it, the planner's estimate (never below the limit). */
  private async count(queue: string, states: readonly string[]): Promise<{ total: number; exacto: boolean }> {
    const [{ total }] = await this.dataSource.query(
      `SELECT count(*)::int AS total FROM (SELECT 1 FROM ${JOBS_SCHEMA}.job j ${JOBS_WHERE} LIMIT ${EXACT_COUNT_LIMIT + 1}) capped`,
      [queue, states],
    );
    if (total <= EXACT_COUNT_LIMIT) return { total, exacto: true };
    const [{ 'QUERY PLAN': plan }] = await this.dataSource.query(`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${JOBS_SCHEMA}.job j ${JOBS_WHERE}`, [queue, states]);
    return { total: Math.max(Math.round(plan[0].Plan['Plan Rows']), EXACT_COUNT_LIMIT + 1), exacto: false };
  }
}
