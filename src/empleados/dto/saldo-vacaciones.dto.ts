import { ApiProperty } from '@nestjs/swagger';

export class PeriodoVacacionesDto {
  @ApiProperty({ type: 'integer', example: 2026 })
  anio!: number;

  @ApiProperty({ example: 22 })
  dias_asignados!: number;

  @ApiProperty({ example: 3 })
  dias_usados!: number;

  @ApiProperty({ example: 2, description: "Days of the employee's pending vacation requests that fall in this year" })
  dias_pendientes!: number;

  @ApiProperty({
    example: 17,
    description: "What this year's allocation can still pay once pending requests take their share (oldest request first); 0 once expired",
  })
  dias_disponibles!: number;

  @ApiProperty({
    type: 'string',
    format: 'date',
    nullable: true,
    example: '2027-03-31',
    description: "Last day this year's remainder can be requested or approved (VACACIONES_CADUCIDAD); null when it never expires",
  })
  caduca!: string | null;
}

export class SaldoVacacionesDto {
  @ApiProperty({ example: 27, description: 'Sum of the days assigned over all years' })
  dias_asignados!: number;

  @ApiProperty({ example: 3, description: 'Sum of the days already deducted over all years' })
  dias_usados!: number;

  @ApiProperty({ example: 4, description: "Days of the employee's vacation requests still pending" })
  dias_pendientes!: number;

  @ApiProperty({ example: 20, description: 'dias_asignados − dias_usados − dias_pendientes' })
  dias_disponibles!: number;

  @ApiProperty({ type: [PeriodoVacacionesDto], description: 'One per year, oldest first' })
  periodos!: PeriodoVacacionesDto[];
}

export class SaldoVacacionesResponseDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ type: SaldoVacacionesDto })
  data!: SaldoVacacionesDto;
}
