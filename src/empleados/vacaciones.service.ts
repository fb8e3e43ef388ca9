import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SaldoVacacionesDto } from './dto/saldo-vacaciones.dto.js';
import { VacacionesRepository } from './vacaciones.repository.js';

@Injectable()
export class VacacionesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly vacaciones: VacacionesRepository,
  ) {}

  saldo(idEmpleado: number): Promise<SaldoVacacionesDto> {
    return this.vacaciones.saldo(this.dataSource.manager, idEmpleado);
  }
}
