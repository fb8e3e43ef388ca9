import { HttpStatus, Injectable } from '@nestjs/common';
import { apiError } from '../common/api-error.js';
import { parseCalendarDate } from '../common/calendar-date.js';
import { DATE_WINDOW_TEXT, fechaInvalida } from '../common/date-window.js';
import { DiasFestivosRepository } from './dias-festivos.repository.js';
import { type DiaFestivoDto, toDiaFestivo } from './dto/dia-festivo-response.dto.js';
import type { CreateDiaFestivoDto } from './dto/create-dia-festivo.dto.js';

@Injectable()
export class DiasFestivosService {
  constructor(private readonly diasFestivos: DiasFestivosRepository) {}

  async listar(anio?: number): Promise<DiaFestivoDto[]> {
    return (await this.diasFestivos.findAll(anio)).map(toDiaFestivo);
  }

  async crear({ fecha, nombre }: CreateDiaFestivoDto): Promise<DiaFestivoDto> {
    // parseCalendarDate also reads date-times (returning just their date): equality keeps only a bare, real YYYY-MM-DD.
    if (parseCalendarDate(fecha, 'UTC') !== fecha) {
      throw fechaInvalida(`La fecha no es válida: usa una fecha real con el formato YYYY-MM-DD, ${DATE_WINDOW_TEXT}.`, ['fecha'], 'una fecha real con el formato YYYY-MM-DD');
    }
    const creado = await this.diasFestivos.insert(fecha, nombre);
    if (!creado) throw apiError(HttpStatus.CONFLICT, 'dia_festivo_duplicado', 'Ya existe un día festivo en esa fecha.');
    return toDiaFestivo(creado);
  }

  async eliminar(id: number): Promise<void> {
    if (!(await this.diasFestivos.delete(id))) {
      throw apiError(HttpStatus.NOT_FOUND, 'dia_festivo_no_encontrado', 'El día festivo no existe.');
    }
  }
}
