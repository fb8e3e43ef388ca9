import { HttpStatus, Injectable } from '@nestjs/common';
import { apiError } from '../common/api-error.js';
import { offsetOf, paginationOf } from '../common/pagination.js';
import { JobsService } from '../jobs/jobs.service.js';
import type { EnvioReintentadoDto, EnviosDto, ListarEnviosQuery } from './envio.dto.js';
import { COLA_DE_CANAL, EnviosRepository } from './envios.repository.js';

/** The outbox's deliveries (e-mails of notifications, webhook events): what waits, what failed and why, and a failed one sent again. */
@Injectable()
export class EnviosService {
  constructor(
    private readonly envios: EnviosRepository,
    private readonly jobs: JobsService,
  ) {}

  async listar(query: ListarEnviosQuery): Promise<EnviosDto> {
    const { envios, total, exacto } = await this.envios.page(query.canal, query.estado, query.limite, offsetOf(query));
    return { success: true, data: envios, pagination: paginationOf(total, query, exacto) };
  }

  async reintentar(id: string): Promise<EnvioReintentadoDto> {
    const envio = await this.envios.findById(id);
    if (!envio) throw apiError(HttpStatus.NOT_FOUND, 'envio_no_encontrado', 'Envío no encontrado.');
    if (envio.estado !== 'fallido') throw apiError(HttpStatus.CONFLICT, 'envio_no_fallido', 'Solo se puede reintentar un envío fallido.');
    await this.jobs.retry(COLA_DE_CANAL[envio.canal], id);
    return { success: true, message: 'Envío programado de nuevo.', data: { ...envio, estado: 'pendiente' } };
  }
}
