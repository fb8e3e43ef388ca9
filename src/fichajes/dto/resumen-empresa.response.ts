import { ApiProperty } from '@nestjs/swagger';

class SumasResumenEmpresaDto {
  @ApiProperty({ type: 'integer', example: 9_620, description: 'Whole minutes in, an open day up to now (corrected records when a day was corrected)' })
  minutos_trabajados!: number;
  @ApiProperty({ type: 'integer', example: 9_600, description: 'What the schedules expect on the days employed: 0 on holidays and days off, less approved vacations, permissions and absences' })
  minutos_previstos!: number;
  @ApiProperty({ type: 'integer', example: 9_560, description: 'Worked within each day’s schedule: trabajados − (extraordinarios or complementarios)' })
  minutos_ordinarios!: number;
  @ApiProperty({ type: 'integer', example: 60, description: 'Beyond the day’s schedule, of a full-timer: overtime (ET art. 35); 0 for a part-timer' })
  minutos_extraordinarios!: number;
  @ApiProperty({ type: 'integer', example: 0, description: 'Beyond the day’s schedule, of a part-timer: complementary hours (ET art. 12.5); 0 for a full-timer' })
  minutos_complementarios!: number;
  @ApiProperty({ type: 'integer', example: 40, description: 'Short of the schedule on settled days (closed, or past without records)' })
  minutos_defecto!: number;
  @ApiProperty({ type: 'integer', example: 20, description: 'Days with records' }) dias_trabajados!: number;
  @ApiProperty({ type: 'integer', example: 1, description: 'Days left open past their limit, awaiting a correction' }) dias_incompletos!: number;
}

export class EmpleadoResumenEmpresaDto extends SumasResumenEmpresaDto {
  @ApiProperty({
    example: 'R-7KQ2M4XA',
    pattern: '^R-[A-Z2-7]{8}$',
    description: 'The employee’s pseudonym: random, the same every month, shown nowhere else; never a name, e-mail or id',
  })
  codigo!: string;
  @ApiProperty({ example: false, description: 'The ordinary week of the schedule in force on the month’s last day employed is below JORNADA_COMPLETA_HORAS_SEMANA' })
  tiempo_parcial!: boolean;
}

export class TotalesResumenEmpresaDto extends SumasResumenEmpresaDto {
  @ApiProperty({ type: 'integer', example: 42, description: 'Employees employed some day of the month' }) empleados!: number;
  @ApiProperty({ type: 'integer', example: 5, description: 'Of them, part-timers' }) empleados_tiempo_parcial!: number;
}

export class ResumenEmpresaDto {
  @ApiProperty({ example: '2026-03' }) mes!: string;
  @ApiProperty({ type: [EmpleadoResumenEmpresaDto], description: 'Every employee employed some day of the month (fecha_alta to fecha_baja), by codigo' })
  empleados!: EmpleadoResumenEmpresaDto[];
  @ApiProperty({ type: TotalesResumenEmpresaDto, description: 'The sums of empleados' }) totales!: TotalesResumenEmpresaDto;
}

export class ResumenEmpresaResponseDto {
  @ApiProperty({ example: true }) success!: true;
  @ApiProperty({ type: ResumenEmpresaDto }) data!: ResumenEmpresaDto;
}
