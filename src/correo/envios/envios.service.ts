import { HttpStatus, Injectable } from '@nestjs/common';
import { apiError } from '../../common/api-error.js';
import { offsetOf, paginationOf } from '../../common/pagination.js';
import { JobsService } from '../../jobs/jobs.service.js';
import { CORREO_QUEUE } from '../correo-notificaciones.service.js';
import type { EnvioReintentadoDto, EnviosDto, ListarEnviosQuery } from './envio.dto.js';
import { EnviosRepository } from './envios.repository.js';

/** The e-mails of notifications as deliveries: what waits, what failed and why, and a failed one sent again. */
@Injectable()
export class EnviosService {
  constructor(
    private readonly envios: EnviosRepository,
    private readonly jobs: JobsService,
  ) {}

  async listar(query: ListarEnviosQuery): Promise<EnviosDto> {
    const { envios, total, exacto } = await this.envios.page(CORREO_QUEUE, query.estado, query.limite, offsetOf(query));
    return { success: true, data: envios, pagination: paginationOf(total, query, exacto) };
  }

  async reintentar(id: string): Promise<EnvioReintentadoDto> {
    const envio = await this.envios.findById(CORREO_QUEUE, id);
    if (!envio) throw apiError(HttpStatus.NOT_FOUND, 'envio_no_encontrado', 'Envío no encontrado.');
    if (envio.estado !== 'fallido') throw apiError(HttpStatus.CONFLICT, 'envio_no_fallido', 'Solo se puede reintentar un envío fallido.');
    await this.jobs.retry(CORREO_QUEUE, id);
    return { success: true, message: 'Envío programado de nuevo.', data: { ...envio, estado: 'pendiente' } };
  }
}
