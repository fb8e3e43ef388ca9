import { Injectable } from '@nestjs/common';
import type { CambiarPreferenciasDto, PreferenciasDto } from './preferencias.dto.js';
import { PreferenciasRepository } from './preferencias.repository.js';

@Injectable()
export class PreferenciasService {
  constructor(private readonly preferencias: PreferenciasRepository) {}

  async listar(idEmpleado: number): Promise<PreferenciasDto> {
    return { success: true, data: await this.preferencias.findAll(idEmpleado) };
  }

  async cambiar(idEmpleado: number, cambio: CambiarPreferenciasDto): Promise<PreferenciasDto> {
    // One row per type: a type named twice takes its last value, as a later switch would.
    const porTipo = new Map(cambio.preferencias.map((preferencia) => [preferencia.tipo, preferencia]));
    await this.preferencias.save(idEmpleado, [...porTipo.values()]);
    return this.listar(idEmpleado);
  }
}
