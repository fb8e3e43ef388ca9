import { ApiProperty } from '@nestjs/swagger';

export class PeriodoVacacionesDto {
  @ApiProperty({ type: 'integer', example: 2026 })
  anio!: number;

  @ApiProperty({ example: 22 })
  dias_asignados!: number;

  @ApiProperty({ example: 3 })
  dias_usados!: number;
}

export class SaldoVacacionesDto {
  @ApiProperty({ example: 27, description: 'Suma de los días asignados de todos los periodos.' })
  dias_asignados!: number;

  @ApiProperty({ example: 3, description: 'Suma de los días ya descontados de todos los periodos.' })
  dias_usados!: number;

  @ApiProperty({ example: 4, description: 'Días de las solicitudes de vacaciones propias que siguen pendientes.' })
  dias_pendientes!: number;

  @ApiProperty({ example: 20, description: 'dias_asignados − dias_usados − dias_pendientes.' })
  dias_disponibles!: number;

  @ApiProperty({ type: [PeriodoVacacionesDto], description: 'Un elemento por año, del más antiguo al más reciente.' })
  periodos!: PeriodoVacacionesDto[];
}

export class SaldoVacacionesResponseDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ type: SaldoVacacionesDto })
  data!: SaldoVacacionesDto;
}
