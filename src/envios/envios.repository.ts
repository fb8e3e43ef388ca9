import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type CappedCount, cappedCountSql, countUpToLimit, plannerRowEstimate } from '../common/capped-count.js';
import { CORREO_QUEUE } from '../correo/correo-notificaciones.service.js';
import { JOBS_SCHEMA } from '../jobs/jobs.service.js';
import { WEBHOOK_QUEUE } from '../webhooks/webhook-eventos.service.js';
import type { CanalEnvio, EnvioDto, EstadoEnvio } from './envio.dto.js';

/** The job engine's queue of each channel. */
export const COLA_DE_CANAL: Record<CanalEnvio, string> = { correo: CORREO_QUEUE, webhook: WEBHOOK_QUEUE };

/** pg-boss' job states as the API names them. */
const ESTADOS_DE_JOB: Record<EstadoEnvio, readonly string[]> = {
  pendiente: ['created', 'retry'],
  enviando: ['active'],
  enviado: ['completed'],
  fallido: ['failed'],
  cancelado: ['cancelled'],
};

const TODOS_LOS_ESTADOS = Object.values(ESTADOS_DE_JOB).flat();

/** SQL naming a value as a table of constants (never input) does. */
function casoSql(expresion: string, tabla: Record<string, readonly string[]>): string {
  const cuando = Object.entries(tabla).flatMap(([nombre, valores]) => valores.map((valor) => `WHEN '${valor}' THEN '${nombre}'`));
  return `CASE ${expresion} ${cuando.join(' ')} END`;
}

const ESTADO_SQL = casoSql('j.state::text', ESTADOS_DE_JOB);
const CANAL_SQL = casoSql('j.name', Object.fromEntries(Object.entries(COLA_DE_CANAL).map(([canal, cola]) => [canal, [cola]])));

/**
 * A webhook's address is shown without its query and fragment: a Teams Workflows URL carries its
 * signature (`sig`) there, a secret as good as the webhook's own.
 */
const ENVIO_SELECT = `
  SELECT j.id::text AS id, ${CANAL_SQL} AS canal, ${ESTADO_SQL} AS estado,
         j.retry_count + CASE WHEN j.state::text IN ('completed', 'failed', 'active') THEN 1 ELSE 0 END AS intentos,
         CASE WHEN j.state::text = 'completed' THEN NULL ELSE j.output->>'message' END AS ultimo_error,
         j.created_on AS creado, coalesce(j.completed_on, j.started_on) AS ultimo_intento,
         n.id_notificacion,
         CASE WHEN e.id_empleado IS NULL THEN NULL ELSE json_build_object('id_empleado', e.id_empleado, 'nombre', e.nombre, 'correo', e.correo) END AS destinatario,
         CASE WHEN j.name <> '${WEBHOOK_QUEUE}' THEN NULL
              ELSE json_build_object('id_webhook', (j.data->>'id_webhook')::int, 'evento', j.data->'evento'->>'type',
                                     'destino', split_part(split_part(w.url, '#', 1), '?', 1)) END AS webhook
    FROM ${JOBS_SCHEMA}.job j
    LEFT JOIN notificacion n ON j.name = '${CORREO_QUEUE}' AND n.id_notificacion = (j.data->>'id_notificacion')::int
    LEFT JOIN empleado e ON e.id_empleado = n.id_usuario
    LEFT JOIN webhook w ON j.name = '${WEBHOOK_QUEUE}' AND w.id_webhook = (j.data->>'id_webhook')::int`;

const JOBS_WHERE = `WHERE j.name = ANY($1) AND j.state::text = ANY($2)`;

export interface PaginaDeEnvios {
  envios: EnvioDto[];
  total: number;
  exacto: boolean;
}

@Injectable()
export class EnviosRepository {
  constructor(private readonly dataSource: DataSource) {}

  async page(canal: CanalEnvio | undefined, estado: EstadoEnvio | undefined, limit: number, offset: number): Promise<PaginaDeEnvios> {
    const queues = canal ? [COLA_DE_CANAL[canal]] : Object.values(COLA_DE_CANAL);
    const states = estado ? ESTADOS_DE_JOB[estado] : TODOS_LOS_ESTADOS;
    const [envios, { total, exacto }] = await Promise.all([
      this.dataSource.query(`${ENVIO_SELECT} ${JOBS_WHERE} ORDER BY j.created_on DESC, j.id LIMIT $3 OFFSET $4`, [queues, states, limit, offset]),
      this.count(queues, states),
    ]);
    return { envios, total, exacto };
  }

  async findById(id: string): Promise<EnvioDto | null> {
    const [row] = await this.dataSource.query(`${ENVIO_SELECT} WHERE j.name = ANY($1) AND j.id = $2::uuid`, [Object.values(COLA_DE_CANAL), id]);
    return row ?? null;
  }

  /** Exact up to EXACT_COUNT_LIMIT, as the request lists count; past it, the planner's estimate. */
  private count(queues: readonly string[], states: readonly string[]): Promise<CappedCount> {
    const rows = `SELECT 1 FROM ${JOBS_SCHEMA}.job j ${JOBS_WHERE}`;
    return countUpToLimit(
      async () => ((await this.dataSource.query(cappedCountSql(rows), [queues, states])) as { total: number }[])[0]!.total,
      () => plannerRowEstimate(this.dataSource, rows, [queues, states]),
    );
  }
}
