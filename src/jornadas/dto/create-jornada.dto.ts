import { HorasSemanaField, NombreJornadaField, PeriodoJornadaDto, PeriodosField } from './jornada-body.decorators.js';

export class CreateJornadaDto {
  @NombreJornadaField(true) nombre!: string;
  @HorasSemanaField(true) horas!: number[];
  @PeriodosField(false) periodos?: PeriodoJornadaDto[];
}
