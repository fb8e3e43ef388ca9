import { HorasSemanaField, NombreJornadaField, PeriodoJornadaDto, PeriodosField } from './jornada-body.decorators.js';

/** A partial update: the fields given are changed, at least one must be (checked by the service). */
export class UpdateJornadaDto {
  @NombreJornadaField(false) nombre?: string;
  @HorasSemanaField(false) horas?: number[];
  @PeriodosField(false) periodos?: PeriodoJornadaDto[];
}
