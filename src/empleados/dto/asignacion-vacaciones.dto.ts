import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, ValidateBy } from 'class-validator';
import { REDONDEO_PRORRATEO } from '../../calendario-laboral/prorrateo.js';
import { Omittable } from '../../common/dto-field-rules.js';
import { isDiasAsignados, MAX_DIAS_ASIGNADOS } from '../empleado-fields.js';

export class AsignacionVacacionesDto {
  @ApiProperty({
    example: 22,
    minimum: 0,
    maximum: MAX_DIAS_ASIGNADOS,
    multipleOf: 0.01,
    description: "The year's vacation days; up to two decimals, not below the days already used. With prorrateo, the full-time, full-year days to prorate",
  })
  @ValidateBy({ name: 'isDiasAsignados', validator: { validate: isDiasAsignados } })
  dias_asignados!: number;

  @ApiPropertyOptional({
    type: 'boolean',
    default: false,
    description:
      "Prorate dias_asignados to the employee: each day of the year between their fecha_alta and fecha_baja (when set) weighs their schedule's working days a week that day over five, " +
      `the sum is divided by the year's days, and the result is ${REDONDEO_PRORRATEO}. What is stored, and answered, is that result`,
  })
  @Omittable()
  @IsBoolean()
  prorrateo?: boolean;
}
