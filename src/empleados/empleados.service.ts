import { Injectable } from '@nestjs/common';
import type { PerfilDto } from './dto/perfil.dto.js';
import { EmpleadosRepository } from './empleados.repository.js';

@Injectable()
export class EmpleadosService {
  constructor(private readonly empleados: EmpleadosRepository) {}

  /** The caller exists: the guards loaded them on this very request. */
  async perfil(idEmpleado: number): Promise<PerfilDto> {
    return (await this.empleados.findProfile(idEmpleado))!;
  }
}
