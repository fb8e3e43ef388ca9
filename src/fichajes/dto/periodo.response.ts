import { ApiProperty } from '@nestjs/swagger';
import type { CalendarDate } from '../../common/calendar-date.js';
import { MODALIDADES, type Modalidad } from '../fichaje-fields.js';
import { ESTADOS_JORNADA, type EstadoJornada, type JornadaDelPeriodo, totales } from '../periodo.js';
import { CorreccionAplicadaDto, toCorreccionAplicada } from './correccion-aplicada.response.js';
import { FichajeDto, toFichaje } from './fichaje.response.js';

export class TotalesPeriodoDto {
  @ApiProperty({ type: 'integer', example: 465, description: 'Whole minutes in, an open day up to now' }) minutos_trabajados!: number;
  @ApiProperty({ type: 'integer', example: 450, description: 'What the schedule expects: 0 on holidays and days off, less approved vacations, permissions and absences' })
  minutos_previstos!: number;
  @ApiProperty({ type: 'integer', example: 15, description: 'max(0, trabajados − previstos) of a settled day; 0 while open' }) minutos_exceso!: number;
  @ApiProperty({ type: 'integer', example: 0, description: 'max(0, previstos − trabajados) of a settled day (closed, or past without records); 0 while open' })
  minutos_defecto!: number;
}

export class DiaPeriodoDto extends TotalesPeriodoDto {
  @ApiProperty({ format: 'date', example: '2026-03-10' }) fecha!: CalendarDate;
  @ApiProperty({
    enum: ESTADOS_JORNADA,
    example: 'completo',
    description:
      'sin_fichajes: no records; abierto: the last record in force is not a salida; completo: closed by a salida; incompleto: left open past its limit, waiting for a correction; corregido: closed by an approved correction. Minutes count the records in force only',
  })
  estado!: EstadoJornada;
  @ApiProperty({ enum: MODALIDADES, nullable: true, example: 'presencial', description: 'The first record in force’s; null without records' }) modalidad!: Modalidad | null;
  @ApiProperty({ type: [FichajeDto], description: 'The day’s records in order, at most 100, the ones a correction replaced too (en_vigor false)' }) fichajes!: FichajeDto[];
  @ApiProperty({ type: [CorreccionAplicadaDto], description: 'The approved corrections of the day: who proposed each, why, who approved it and when' })
  correcciones!: CorreccionAplicadaDto[];
  @ApiProperty({ type: 'integer', example: 30, description: 'Whole minutes in pauses, an open day up to now' }) minutos_pausa!: number;
}

export class PeriodoDto {
  @ApiProperty({ type: 'integer', example: 7 }) id_empleado!: number;
  @ApiProperty({ format: 'date', example: '2026-03-01' }) desde!: CalendarDate;
  @ApiProperty({ format: 'date', example: '2026-03-31' }) hasta!: CalendarDate;
  @ApiProperty({ type: [DiaPeriodoDto], description: 'One entry per date from desde to hasta, in order, days without records too' }) dias!: DiaPeriodoDto[];
  @ApiProperty({ type: TotalesPeriodoDto, description: 'The sums of the days' }) totales!: TotalesPeriodoDto;
}

export class PeriodoResponseDto {
  @ApiProperty({ example: true }) success!: true;
  @ApiProperty({ type: PeriodoDto }) data!: PeriodoDto;
}

export function toPeriodo(idEmpleado: number, desde: CalendarDate, hasta: CalendarDate, jornadas: readonly JornadaDelPeriodo[]): PeriodoDto {
  const dias = jornadas.map(({ vigentes: _vigentes, ...jornada }) => ({
    ...jornada,
    fichajes: jornada.fichajes.map(toFichaje),
    correcciones: jornada.correcciones.map(toCorreccionAplicada),
  }));
  return { id_empleado: idEmpleado, desde, hasta, dias, totales: totales(jornadas) };
}
