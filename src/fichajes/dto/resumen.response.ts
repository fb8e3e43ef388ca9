import { ApiProperty } from '@nestjs/swagger';
import type { CalendarDate } from '../../common/calendar-date.js';
import { MODALIDADES, type Modalidad } from '../fichaje-fields.js';
import { ESTADOS_JORNADA, type EstadoJornada } from '../periodo.js';
import type { ResumenMensual } from '../resumen.js';

export class DiaResumenDto {
  @ApiProperty({ format: 'date', example: '2026-10-05' }) fecha!: CalendarDate;
  @ApiProperty({ enum: ESTADOS_JORNADA, example: 'completo', description: 'As in GET /api/fichajes' }) estado!: EstadoJornada;
  @ApiProperty({ enum: MODALIDADES, nullable: true, example: 'presencial', description: 'The entrada’s; null without records' }) modalidad!: Modalidad | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: '2026-10-05T07:02:00.000Z', description: 'The first entrada; null without one' })
  entrada!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: '2026-10-05T15:34:00.000Z', description: 'The last salida; null while open or without records' })
  salida!: string | null;
  @ApiProperty({ type: 'integer', example: 480 }) minutos_trabajados!: number;
  @ApiProperty({ type: 'integer', example: 30 }) minutos_pausa!: number;
  @ApiProperty({ type: 'integer', example: 480, description: 'What the schedule expects: 0 on holidays and days off, less approved vacations, permissions and absences' })
  minutos_previstos!: number;
  @ApiProperty({ type: 'integer', example: 0, description: 'Beyond the schedule, once the day is settled' }) minutos_exceso!: number;
  @ApiProperty({ type: 'integer', example: 0, description: 'Short of the schedule, once the day is settled' }) minutos_defecto!: number;
}

export class TotalesResumenDto {
  @ApiProperty({ example: false }) tiempo_parcial!: boolean;
  @ApiProperty({ type: 'integer', example: 9630 }) minutos_trabajados!: number;
  @ApiProperty({ type: 'integer', example: 9600 }) minutos_previstos!: number;
  @ApiProperty({ type: 'integer', example: 9570, description: 'Worked within each day’s schedule: trabajados − the days’ exceso' }) minutos_ordinarios!: number;
  @ApiProperty({ type: 'integer', example: 60, description: 'Overtime (ET art. 35): a full-timer’s exceso; always 0 for a part-timer' }) minutos_extraordinarios!: number;
  @ApiProperty({ type: 'integer', example: 0, description: 'Complementary hours (ET art. 12.5): a part-timer’s exceso; always 0 for a full-timer' })
  minutos_complementarios!: number;
  @ApiProperty({ type: 'integer', example: 30 }) minutos_defecto!: number;
  @ApiProperty({ type: 'integer', example: 600 }) minutos_pausa!: number;
  @ApiProperty({ type: 'integer', example: 20, description: 'Days with records' }) dias_trabajados!: number;
  @ApiProperty({ type: 'integer', example: 16 }) dias_presencial!: number;
  @ApiProperty({ type: 'integer', example: 4 }) dias_teletrabajo!: number;
  @ApiProperty({ type: 'integer', example: 0 }) dias_incompletos!: number;
}

export class ResumenDto {
  @ApiProperty({ type: 'integer', example: 7 }) id_empleado!: number;
  @ApiProperty({ example: 'Ana García', description: 'The employee’s name as the directory holds it (one field: there are no separate surnames)' }) nombre!: string;
  @ApiProperty({ example: '2026-10' }) mes!: string;
  @ApiProperty({ example: false, description: 'The ordinary week in force on the month’s last day (or fecha_baja) is below JORNADA_COMPLETA_HORAS_SEMANA' })
  tiempo_parcial!: boolean;
  @ApiProperty({ type: [DiaResumenDto], description: 'One entry per day of the month the employee was employed (fecha_alta to fecha_baja), in order; empty before they joined' })
  dias!: DiaResumenDto[];
  @ApiProperty({ type: TotalesResumenDto }) totales!: TotalesResumenDto;
}

export class ResumenResponseDto {
  @ApiProperty({ example: true }) success!: true;
  @ApiProperty({ type: ResumenDto }) data!: ResumenDto;
}

export function toResumen(resumen: ResumenMensual): ResumenDto {
  return {
    ...resumen,
    dias: resumen.dias.map((dia) => ({ ...dia, entrada: dia.entrada?.toISOString() ?? null, salida: dia.salida?.toISOString() ?? null })),
  };
}
