import { ApiProperty } from '@nestjs/swagger';
import { ValidateBy } from 'class-validator';
import { isDiasAsignados, MAX_DIAS_ASIGNADOS } from '../empleado-fields.js';

export class AsignacionVacacionesDto {
  @ApiProperty({ example: 22, minimum: 0, maximum: MAX_DIAS_ASIGNADOS, multipleOf: 0.01, description: "The year's vacation days; up to two decimals, not below the days already used" })
  @ValidateBy({ name: 'isDiasAsignados', validator: { validate: isDiasAsignados } })
  dias_asignados!: number;
}
