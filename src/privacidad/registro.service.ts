import { Injectable } from '@nestjs/common';
import { offsetOf, paginationOf } from '../common/pagination.js';
import type { ListarRegistroQuery, RegistroPrivacidadDto } from './dto/registro.dto.js';
import { RegistroRepository } from './registro.repository.js';

/** The privacy registry (GDPR art. 5(2)): exports, blocked-data views, blocking and purge runs, erasure answers. */
@Injectable()
export class RegistroService {
  constructor(private readonly registro: RegistroRepository) {}

  async listar(query: ListarRegistroQuery): Promise<RegistroPrivacidadDto> {
    const { entradas, total, exacto } = await this.registro.page({ tipo: query.tipo, idEmpleado: query.id_empleado }, query.limite, offsetOf(query));
    return { success: true, data: entradas, pagination: paginationOf(total, query, exacto) };
  }
}
