import { Injectable } from '@nestjs/common';
import { offsetOf, type PaginationQueryDto, paginationOf } from '../common/pagination.js';
import { type AccesosPageDto, toAccesoDto } from './dto/acceso.response.js';
import { AccesosRepository } from './accesos.repository.js';

/** The worker's side of the access log: who read their data (GDPR art. 15). */
@Injectable()
export class AccesosService {
  constructor(private readonly accesos: AccesosRepository) {}

  async deTitular(idTitular: number, query: PaginationQueryDto): Promise<AccesosPageDto> {
    const { rows, total } = await this.accesos.pageOf(idTitular, query.limite, offsetOf(query));
    return { success: true, data: rows.map(toAccesoDto), pagination: paginationOf(total, query) };
  }
}
