import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { JOBS_SCHEMA } from '../../jobs/jobs.service.js';
import type { EnvioDto, EstadoEnvio } from './envio.dto.js';

/** pg-boss' job states as the API names them. */
const ESTADOS_DE_JOB: Record<EstadoEnvio, string[]> = {
  pendiente: ['created', 'retry'],
  enviando: ['active'],
  enviado: ['completed'],
  fallido: ['failed'],
  cancelado: ['cancelled'],
};

const ENVIO_SELECT = `
  SELECT j.id::text AS id, 'correo' AS canal,
         CASE j.state::text WHEN 'created' THEN 'pendiente' WHEN 'retry' THEN 'pendiente' WHEN 'active' THEN 'enviando'
                            WHEN 'completed' THEN 'enviado' WHEN 'failed' THEN 'fallido' ELSE 'cancelado' END AS estado,
         j.retry_count + CASE WHEN j.state::text IN ('completed', 'failed', 'active') THEN 1 ELSE 0 END AS intentos,
         CASE WHEN j.state::text = 'completed' THEN NULL ELSE j.output->>'message' END AS ultimo_error,
         j.created_on AS creado, coalesce(j.completed_on, j.started_on) AS ultimo_intento,
         n.id_notificacion,
         CASE WHEN e.id_empleado IS NULL THEN NULL ELSE json_build_object('id_empleado', e.id_empleado, 'nombre', e.nombre, 'correo', e.correo) END AS destinatario
    FROM ${JOBS_SCHEMA}.job j
    LEFT JOIN notificacion n ON n.id_notificacion = (j.data->>'id_notificacion')::int
    LEFT JOIN empleado e ON e.id_empleado = n.id_usuario`;

@Injectable()
export class EnviosRepository {
  constructor(private readonly dataSource: DataSource) {}

  async page(queue: string, estado: EstadoEnvio | undefined, limit: number, offset: number): Promise<{ envios: EnvioDto[]; total: number }> {
    const states = estado ? ESTADOS_DE_JOB[estado] : Object.values(ESTADOS_DE_JOB).flat();
    const [envios, [{ total }]] = await Promise.all([
      this.dataSource.query(`${ENVIO_SELECT} WHERE j.name = $1 AND j.state::text = ANY($2) ORDER BY j.created_on DESC, j.id LIMIT $3 OFFSET $4`, [queue, states, limit, offset]),
      this.dataSource.query(`SELECT count(*)::int AS total FROM ${JOBS_SCHEMA}.job j WHERE j.name = $1 AND j.state::text = ANY($2)`, [queue, states]),
    ]);
    return { envios, total };
  }

  async findById(queue: string, id: string): Promise<EnvioDto | null> {
    const [row] = await this.dataSource.query(`${ENVIO_SELECT} WHERE j.name = $1 AND j.id = $2::uuid`, [queue, id]);
    return row ?? null;
  }
}
