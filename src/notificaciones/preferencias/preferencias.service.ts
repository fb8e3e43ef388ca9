import { Injectable } from '@nestjs/common';
import type { CambiarPreferenciasDto, PreferenciasDto } from './preferencias.dto.js';
import { PreferenciasRepository } from './preferencias.repository.js';

@Injectable()
export class PreferenciasService {
  constructor(private readonly preferencias: PreferenciasRepository) {}

  async listar(idEmpleado: number): Promise<PreferenciasDto> {
    const [data, resumen_diario] = await Promise.all([this.preferencias.findAll(idEmpleado), this.preferencias.resumenDiario(idEmpleado)]);
    return { success: true, data, resumen_diario };
  }

  async cambiar(idEmpleado: number, cambio: CambiarPreferenciasDto): Promise<PreferenciasDto> {
    // One row per type: a type named twice takes its last value, as a later switch would.
    const porTipo = new Map((cambio.preferencias ?? []).map((preferencia) => [preferencia.tipo, preferencia]));
    if (porTipo.size > 0) await this.preferencias.save(idEmpleado, [...porTipo.values()]);
    if (cambio.resumen_diario !== undefined) await this.preferencias.setResumenDiario(idEmpleado, cambio.resumen_diario);
    return this.listar(idEmpleado);
  }
}
